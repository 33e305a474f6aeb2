package dev.toolgate.sample;

import dev.toolgate.annotations.AgentTool;
import dev.toolgate.annotations.InterruptBehavior;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The research tools: a canned paper search, a pretend download, and the assistant's memory. */
final class ResearchTools {

    record Paper(String arxivId, String title, int year) {
    }

    private static final List<Paper> PAPERS = List.of(
            new Paper("2208.11692", "Identification of carbon dioxide in an exoplanet atmosphere", 2022),
            new Paper("2211.10487", "Direct evidence of photochemistry in an exoplanet atmosphere", 2022),
            new Paper("2305.00052", "Clouds and hazes in hot Jupiter transmission spectra", 2023),
            new Paper("2401.08421", "A survey of sub-Neptune atmospheres with JWST", 2024),
            new Paper("1905.07064", "Water vapour in the atmosphere of a habitable-zone super-Earth", 2019),
            new Paper("2103.01245", "Stellar contamination in transmission spectroscopy", 2021));

    private final Path workspace;
    /** The --demo-cancel run: the search reads the papers over and over, the memory is written slowly. */
    private final boolean slow;
    private volatile int filesRead;

    ResearchTools(Path workspace) {
        this(workspace, false);
    }

    ResearchTools(Path workspace, boolean slow) {
        this.workspace = workspace;
        this.slow = slow;
    }

    /** How many paper files the last slow search read. */
    int filesRead() {
        return filesRead;
    }

    @AgentTool(value = "search_papers", readOnly = true, concurrencySafe = true)
    public String searchPapers(String query) throws IOException {
        if (slow) {
            readPapersOverAndOver();
        }
        List<String> words = Arrays.asList(query.toLowerCase(Locale.ROOT).split("\\W+"));
        String hits = PAPERS.stream()
                .filter(p -> words.stream().anyMatch(w -> w.length() > 2 && p.title().toLowerCase(Locale.ROOT).contains(w)))
                .map(p -> "arXiv:" + p.arxivId() + "  " + p.title() + " (" + p.year() + ")")
                .collect(Collectors.joining("\n"));
        return hits.isEmpty() ? "no papers match '" + query + "'" : hits;
    }

    /** Pretends to download: writes a placeholder under {@code papers/} in the workspace. */
    @AgentTool("download_paper")
    public String downloadPaper(String arxivId) throws IOException {
        Path file = workspace.resolve("papers").resolve("arxiv-" + arxivId.replaceAll("[^A-Za-z0-9.-]", "_") + ".txt");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "Placeholder for arXiv:" + arxivId + " (the sample does not use the network).\n");
        return "downloaded arXiv:" + arxivId + " to " + file;
    }

    /**
     * A careless slow tool: it reads every paper 30 times and ignores interrupts. Under the gate
     * (a CANCEL tool), its first file read after a cancel throws CancellationException.
     */
    private void readPapersOverAndOver() throws IOException {
        filesRead = 0;
        List<Path> papers;
        try (var files = Files.list(workspace.resolve("papers"))) {
            papers = files.sorted().toList();
        }
        for (int pass = 0; pass < 30; pass++) {
            for (Path paper : papers) {
                Files.readString(paper);
                filesRead++;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException ignored) {
                // Careless: goes on.
            }
        }
    }

    @AgentTool(value = "save_memory", interrupt = InterruptBehavior.BLOCK)
    public String saveMemory(String note) throws IOException {
        Path memory = workspace.resolve("memory.md");
        String line = "- " + note.replace("\n", " ") + "\n";
        if (!slow) {
            Files.writeString(memory, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            return "saved to " + memory;
        }
        // Slowly, word by word: an interrupt in the middle would leave half a note behind.
        for (String word : line.split("(?<= )")) {
            Files.writeString(memory, word, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            try {
                Thread.sleep(150);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted half way through the note");
            }
        }
        return "saved to " + memory + " (whole note)";
    }
}
