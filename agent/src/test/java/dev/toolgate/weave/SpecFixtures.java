package dev.toolgate.weave;

import dev.toolgate.annotations.AgentTool;
import dev.toolgate.annotations.InterruptBehavior;
import dev.toolgate.annotations.ToolCommand;
import dev.toolgate.annotations.ToolPath;
import java.util.function.UnaryOperator;

/** Methods whose class files the spec reader and the weaver are tested on; never called. */
@SuppressWarnings("unused")
final class SpecFixtures {

    private SpecFixtures() {
    }

    static class Attributes {
        @AgentTool
        public String unnamed(String query) {
            return query;
        }

        @AgentTool(value = "all_set", interrupt = InterruptBehavior.BLOCK, concurrencySafe = true, readOnly = true,
                destructive = true, requiresUserInteraction = true, abortsSiblings = true, subagent = true,
                timeoutMillis = 2500)
        public static long allSet(long first, double second, int[] third, Nested fourth) {
            return first;
        }

        @AgentTool(value = "read_paths", readOnly = true)
        public void readPaths(@ToolPath String inferred, @ToolPath(ToolPath.Access.WRITE) String written,
                              @ToolCommand String command) {
        }

        @AgentTool("write_paths")
        public void writePaths(int count, @ToolPath String inferred, @ToolPath(ToolPath.Access.READ) String read) {
        }

        @dev.langchain4j.agent.tool.Tool(name = "lc_named", value = "A description")
        public String lcNamed(String query) {
            return query;
        }

        @dev.langchain4j.agent.tool.Tool("Only a description")
        public String lcUnnamed(String query) {
            return query;
        }

        @org.springframework.ai.tool.annotation.Tool(name = "  spring_named ", description = "d")
        public String springNamed() {
            return "";
        }

        @org.springframework.ai.tool.annotation.Tool(name = " ", description = "d")
        public String springBlank() {
            return "";
        }

        /** Both kinds: {@code @AgentTool} gives the name. */
        @AgentTool("agent_wins")
        @dev.langchain4j.agent.tool.Tool(name = "lc_loses")
        public String both() {
            return "";
        }

        public String undeclared(String target) {
            return target;
        }

        public String declared(String target, int[] counts, Nested nested) {
            return target;
        }

        public static final class Nested {
        }
    }

    /** A generic override: javac adds a bridge method that carries the annotation too. */
    static class Bridged implements UnaryOperator<String> {
        @Override
        @AgentTool("bridged")
        public String apply(String text) {
            return text;
        }
    }

    abstract static class Kinds {
        @AgentTool("abstract_tool")
        abstract String abstractTool();

        @AgentTool("native_tool")
        native String nativeTool();

        @AgentTool("static_tool")
        static String staticTool() {
            return "";
        }

        @AgentTool("private_tool")
        private String privateTool() {
            return "";
        }

        public String plain() {
            return "";
        }
    }
}
