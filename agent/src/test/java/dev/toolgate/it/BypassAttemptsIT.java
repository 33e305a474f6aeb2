package dev.toolgate.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bypass attempts under the real agent (SPEC §5–§8a), in the shape of the Elasticsearch
 * entitlements QA suite: a table of attempts, each calling one sensitive JDK route inside the
 * tool {@code attempt} (fixture {@code BypassAttempts}), each with its expected outcome. A denied
 * attempt must leave no trace: the outside folder, the protected files and the local servers
 * are compared after the run. An attempt allowed where it must be denied is reported as an
 * ESCAPE, one denied where it must run as a FALSE DENIAL; every mismatch is listed at once.
 */
class BypassAttemptsIT {

    static final String MAIN = "dev.toolgate.fixtures.BypassMain";
    static final String SECRET_TEXT = "TOP-SECRET";

    static final String OUTSIDE = "is outside the sandbox roots";
    static final String PROTECTED = "protected path";
    static final String ASKED = "no rule allows Exec(";
    static final String SUDO = "dangerous command 'sudo'";
    static final String RECURSIVE_ROOT = "recursively";
    static final String SUBSTITUTION = "substitution";
    static final String BLOCKED_PROGRAM = "is blocked (shell.blockNetwork)";
    static final String CONNECT = "no rule allows Connect(";
    static final String EXIT = "needs an allow rule Exit";
    static final String ANY_REASON = "";

    @TempDir
    Path root;

    /** What an attempt must do: its outcome, a part of its detail, and what the servers must have seen. */
    record Expect(String outcome, String detail, String side) {
        Expect side(String expected) {
            return new Expect(outcome, detail, expected);
        }
    }

    static Expect denied(String reason) {
        return new Expect("DENIED", reason, null);
    }

    static Expect allowed(String result) {
        return new Expect("ALLOWED", result, null);
    }

    /** A table under construction: attempt name to expectation, in the order they run. */
    static final class Table {
        final Map<String, Expect> rows = new LinkedHashMap<>();

        Table all(Expect expect, String... names) {
            for (String name : names) {
                if (rows.put(name, expect) != null) {
                    throw new IllegalStateException("duplicate row " + name);
                }
            }
            return this;
        }

        Table row(String name, Expect expect) {
            return all(expect, name);
        }
    }

    static Stream<Path> jdks() {
        return ChildJvm.jdks();
    }

    // ------------------------------------------------------------------ scenario 1: the sandbox, no rule but the tool's

    static Table sandboxTable(int feature) {
        Table t = new Table();
        t.all(denied(OUTSIDE),
                "fis_string", "fis_file", "filereader_string", "filereader_file", "scanner_file", "fos_string_truncates",
                "fos_file_create", "fos_append", "fos_file_append", "filewriter", "filewriter_append", "printwriter_string",
                "raf_r", "raf_rw", "raf_rws_create", "file_delete", "file_mkdir", "file_mkdirs", "file_renameTo_out_to_in",
                "file_renameTo_in_to_out", "file_renameTo_out_to_out", "file_createNewFile", "file_setWritable",
                "file_setReadable", "file_setExecutable", "file_setLastModified", "file_setReadOnly", "file_deleteOnExit",
                "file_list", "file_listFiles", "file_listFiles_filter",
                "files_readAllBytes", "files_readString", "files_readAllLines", "files_lines", "files_newBufferedReader",
                "files_newInputStream", "files_provider_newInputStream", "files_newOutputStream_create",
                "files_newOutputStream_append", "files_write_bytes", "files_write_lines", "files_writeString",
                "files_newBufferedWriter", "files_newByteChannel_read", "files_copy_out_to_in", "files_copy_in_to_out",
                "files_copy_stream_to_out", "files_copy_out_to_stream", "files_copy_replace_out", "files_move_out_to_in",
                "files_move_in_to_out", "files_delete", "files_deleteIfExists", "files_delete_dir", "files_createFile",
                "files_createDirectory", "files_createDirectories", "files_createTempFile_outside",
                "files_createTempDirectory_outside", "files_createSymbolicLink_outside", "files_symlink_inside_then_read",
                "files_symlink_inside_then_write", "files_createLink_hard", "files_list", "files_walk", "files_find",
                "files_newDirectoryStream", "files_setPosixFilePermissions", "files_setLastModifiedTime",
                "files_setAttribute_time", "files_attributeView_setTimes", "filechannel_read", "filechannel_write",
                "filechannel_from_raf", "asyncfilechannel_read", "asyncfilechannel_write", "zipfile", "zipfile_string",
                "jarfile", "url_file_openStream", "url_file_string_openStream", "url_jar_openStream");
        t.all(denied(OUTSIDE),
                "trav_dotdot_absolute", "trav_dotdot_relative", "trav_dot_segments", "trav_double_slashes",
                "trav_trailing_slash_list", "trav_deep_dotdot", "trav_nio_unnormalised", "trav_nio_relative",
                "trav_nio_resolve", "trav_write_dotdot", "trav_nio_write_dotdot", "symdir_read", "symdir_nio_read",
                "symdir_write_new", "symdir_fos_append", "symdir_list", "symdir_delete", "symdir_relative_read",
                "proc_self_root_read", "proc_self_root_nio_read", "proc_self_root_write", "proc_self_cwd_dotdot_read",
                "proc_thread_self_root_read", "sds_read_dotdot", "sds_read_absolute", "sds_read_symdir", "sds_write_new",
                "sds_list_outside", "sds_deleteFile", "sds_deleteDirectory", "sds_move_out_to_in", "sds_move_in_to_out",
                "sds_setTimes", "sds_setPermissions", "sds_outside_stream_setTimes");
        t.all(denied(PROTECTED),
                "prot_git_config_fos", "prot_git_config_writeString", "prot_git_config_append", "prot_git_config_channel",
                "prot_git_config_raf", "prot_git_config_delete", "prot_git_hook_create", "prot_git_mkdir",
                "prot_git_setWritable", "prot_git_copy_over", "prot_toolgate_settings_filewriter",
                "prot_toolgate_local_writeString", "prot_toolgate_local_move_in", "prot_toolgate_local_renameTo",
                "prot_toolgate_settings_delete", "prot_bashrc_raf", "prot_bashrc_bufferedWriter", "prot_bashrc_printwriter",
                "prot_ssh_createDirectories", "prot_ssh_authorized_keys", "prot_gitconfig_create",
                "prot_git_config_via_dotdot");
        t.row("prot_git_config_read", allowed("[core]"));

        t.row("in_fos_write", allowed("bypass"))
                .row("in_files_writeString", allowed("bypass"))
                .row("in_fis_read", allowed("INPUT"))
                .row("in_sds_read", allowed("INPUT"))
                .row("in_relative_read", allowed("INPUT"))
                .row("in_raf_rw", allowed("raf"))
                .row("in_filechannel_write", allowed("channel"))
                .row("in_mkdirs", allowed("true"))
                .row("in_rename", allowed("true"))
                .row("in_delete", allowed("deleted"))
                .row("in_list", allowed("input.txt"))
                .row("in_tmpdir_createTempFile", allowed("/project/tmp/bypass"))
                .row("in_symlink_to_inside_read", allowed("INPUT"))
                .row("in_zipfile", allowed("ZIPPED-INSIDE"))
                .row("in_java_home_read", allowed("="))
                .row("in_classpath_read", allowed("class read"))
                .row("java_home_write_append", denied(OUTSIDE));

        t.all(denied(ASKED), "pb_start_unknown", "rt_exec_string", "rt_exec_array", "rt_exec_string_env_dir",
                "chain_safe_then_unknown", "redir_outside_file", "find_exec_touch", "interp_perl_e", "proc_net_bash_dev_tcp");
        t.all(denied(SUDO), "pb_start_sudo", "rt_exec_string_sudo", "rt_exec_array_env_dir", "pb_startPipeline",
                "pb_startPipeline_first_denied",
                "chain_and", "chain_semicolon", "chain_or", "chain_pipe", "chain_background", "chain_newline",
                "chain_pipe_amp", "chain_subshell", "chain_braces", "chain_if",
                "wrap_var_prefix", "wrap_env", "wrap_env_argv", "wrap_timeout", "wrap_nice", "wrap_nohup", "wrap_xargs",
                "wrap_command", "wrap_stdbuf", "wrap_time", "wrap_sudo_of_safe", "wrap_nested",
                "path_absolute", "path_relative_dir", "path_relative_sh", "path_dotdot",
                "quote_single", "quote_empty_pair", "quote_backslash", "quote_inner_backslash", "quote_ansi_c", "quote_double",
                "find_exec_sudo", "interp_sh_c", "interp_bash_lc", "interp_nested_shells", "interp_dash_c",
                "danger_sudo_true", "refl_processbuilder");
        t.all(denied(OUTSIDE), "pb_redirect_output_outside", "pb_redirect_append_outside", "pb_redirect_input_outside");
        t.row("pb_redirect_error_protected", denied(PROTECTED));
        for (int k = 0; k < 21; k++) {
            t.row("rm_root_" + k, denied(RECURSIVE_ROOT));
        }
        t.row("rm_root_argv_guarded", denied(RECURSIVE_ROOT));
        t.all(denied(SUBSTITUTION), "subst_dollar", "subst_backtick", "subst_process", "subst_in_double_quotes",
                "subst_in_param_default", "subst_in_heredoc", "subst_dollar_id");
        t.all(denied("eval"), "eval_true", "eval_touch");
        t.all(denied(PROTECTED), "redir_git_config", "redir_git_config_absolute", "redir_bashrc_append",
                "redir_toolgate_local", "redir_fd_form");
        t.row("find_delete_root", denied("deletes everything under '/'"));
        t.all(denied("bare shell"), "interp_bare_bash", "interp_bare_sh");
        t.row("interp_sh_script_file", denied(ANY_REASON));
        t.row("interp_empty_sh_c", denied("empty command"));
        t.row("danger_vim_version", denied("dangerous command 'vim'"))
                .row("danger_less_version", denied("dangerous command 'less'"))
                .row("danger_dd_null", denied("dangerous command 'dd'"))
                .row("danger_chmod_777", denied("writable by everyone"))
                .row("danger_chmod_a_rwx", denied("writable by everyone"))
                .row("danger_block_device_guarded", denied("block device"))
                .row("danger_dd_of_block_guarded", denied("dangerous command 'dd'"))
                .row("danger_exec_builtin", denied("dangerous command 'exec'"));
        t.all(denied(BLOCKED_PROGRAM).side("tcp=0 udp=0"), "proc_net_curl", "proc_net_curl_sh", "proc_net_curl_absolute",
                "proc_net_curl_env", "proc_net_curl_xargs", "proc_net_wget");
        t.rows.put("proc_net_bash_dev_tcp", denied(ASKED).side("tcp=0 udp=0"));
        t.row("proc_ok_echo", allowed("exit 0: hi"))
                .row("proc_ok_ls", allowed("input.txt"))
                .row("proc_ok_sh_chain", allowed("there"))
                .row("proc_ok_rt_exec", allowed("exit 0: hi"))
                .row("proc_ok_pipeline", allowed("exit 0: piped"))
                // SPEC §8: a safe read-only command is allowed whatever it names; the shell checks see no paths.
                .row("proc_ok_cat_outside_secret", allowed(SECRET_TEXT));

        t.all(denied(CONNECT).side("tcp=0 udp=0"), "net_socket", "net_socket_connect", "net_socket_inetaddress",
                "net_socketchannel_open", "net_socketchannel_connect", "net_socketchannel_nonblocking", "net_socket_adaptor",
                "net_async_socket", "net_async_socket_handler", "net_datagram_connect_send", "net_datagram_send",
                "net_multicastsocket_send", "net_datagramchannel_connect_write", "net_datagramchannel_send",
                "net_datagramchannel_adaptor_send", "net_httpclient", "net_httpclient_async", "net_url_connect",
                "net_url_openStream", "net_socket_from_thread", "net_socket_from_pool", "net_socket_localhost_name");

        t.all(denied(EXIT), "exit_system", "exit_runtime", "exit_halt", "exit_from_thread", "exit_from_pool",
                "exit_by_reflection");

        t.all(denied(OUTSIDE), "thread_new", "thread_pool_prewarmed", "thread_pool_prewarmed_execute",
                "thread_pool_invokeAll", "thread_pool_made_inside", "thread_cf_supplyAsync_default",
                "thread_cf_supplyAsync_custom", "thread_cf_runAsync", "thread_cf_thenApplyAsync", "thread_fj_common_submit",
                "thread_fj_common_execute", "thread_fj_new_pool", "thread_parallel_stream", "thread_scheduled_made_inside",
                "thread_scheduled_prewarmed", "thread_timer", "thread_nested_new_in_pool", "thread_write_outside_from_pool");
        t.row("thread_virtual", feature >= 21 ? denied(OUTSIDE) : allowed("no virtual threads before JDK 21"));

        t.all(denied(OUTSIDE), "refl_method_invoke", "refl_methodhandle", "refl_constructor", "refl_methodhandle_write");
        // SPEC §8a: loading native code and attaching to the JVM inside a tool are denied unless allowed.
        t.all(denied(ANY_REASON), "native_system_load", "native_system_loadLibrary", "attach_self");

        // After the tool calls, outside any tool and without deny rules: everything runs, pool threads included.
        t.all(allowed(SECRET_TEXT), "outside:after_pool_prewarmed", "outside:after_pool_made_inside",
                "outside:after_scheduled_made_inside", "outside:after_scheduled_prewarmed", "outside:after_fj_common",
                "outside:after_cf_default", "outside:after_parallel_stream", "outside:after_thread_new",
                "outside:read_secret");
        t.row("outside:plain_read_other", allowed("OTHER"))
                .row("outside:plain_write_outside", allowed("plain-write.txt"))
                .row("outside:plain_exec_dd", allowed("exit 0"))
                .row("outside:plain_exec_echo", allowed("exit 0: hi"))
                .row("outside:net_outside_connect", allowed("connected").side("tcp=1 udp=0"));
        return t;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void denies_every_route_out_of_the_sandbox_and_leaves_no_trace(Path jdk) throws Exception {
        Path outside = outsideFolder();
        ChildJvm jvm = child(jdk, outside, "{\"permissions\": {\"allow\": [\"attempt\"]}}");
        jvm.jvmOption("-Djdk.attach.allowAttachSelf=true");
        Path project = jvm.project();
        Files.createDirectories(project.resolve("work/a/b"));
        Files.writeString(project.resolve("work/input.txt"), "INPUT");
        Files.writeString(project.resolve("work/todelete.txt"), "x");
        Files.writeString(project.resolve("work/script.sh"), "touch " + outside.resolve("marker-interp_sh_script_file") + "\n");
        zip(project.resolve("work/inside.zip"), "ZIPPED-INSIDE");
        Files.createSymbolicLink(project.resolve("outlink"), outside);
        Map<Path, String> guarded = new LinkedHashMap<>();
        for (String file : List.of(".git/config", ".bashrc", ".toolgate/settings.json")) {
            Path path = project.resolve(file);
            if (!Files.exists(path)) {
                jvm.write(path, file.equals(".bashrc") ? "# rc\n" : "[core]\n");
            }
            guarded.put(path, Files.readString(path));
        }
        Files.createDirectories(project.resolve(".git/hooks"));
        Map<String, String> before = snapshot(outside);

        int feature = feature(jdk);
        Table table = sandboxTable(feature);
        ChildJvm.Result result = jvm.timeoutSeconds(240).run(MAIN, table.rows.keySet().toArray(new String[0]));

        List<String> problems = compare(table, result);
        assertEquals(0, result.exitCode(), "the JVM kept running after the exits were denied\n" + result);
        assertTrue(result.stdout().contains("\nDONE"), "all attempts ran\n" + result);

        Map<String, String> after = snapshot(outside);
        String plainWrite = after.remove("plain-write.txt");
        if (plainWrite == null) {
            problems.add("FALSE DENIAL outside:plain_write_outside: outside any tool the write did not happen");
        }
        diff(before, after, problems);
        for (Map.Entry<Path, String> file : guarded.entrySet()) {
            if (!Files.exists(file.getKey()) || !Files.readString(file.getKey()).equals(file.getValue())) {
                problems.add("ESCAPE protected file changed: " + project.relativize(file.getKey()));
            }
        }
        for (String absent : List.of(".toolgate/settings.local.json", ".ssh", ".gitconfig", ".git/hooks/pre-commit",
                ".git/newdir", "work/stolen.txt", "work/copied-out.txt", "work/moved-out.txt", "work/hard-secret")) {
            if (Files.exists(project.resolve(absent), LinkOption.NOFOLLOW_LINKS)) {
                problems.add("ESCAPE created " + absent);
            }
        }
        if (!Files.isWritable(project.resolve(".git/config"))) {
            problems.add("ESCAPE .git/config made read-only");
        }
        // The allowed attempts inside the sandbox left their effect.
        Map<String, String> effects = Map.of("work/fos.txt", "bypass", "work/nio.txt", "bypass", "work/raf.txt", "raf",
                "work/channel.txt", "channel", "work/ren-b.txt", "ren");
        for (Map.Entry<String, String> effect : effects.entrySet()) {
            Path file = project.resolve(effect.getKey());
            if (!Files.exists(file) || !Files.readString(file).equals(effect.getValue())) {
                problems.add("FALSE DENIAL effect missing: " + effect.getKey());
            }
        }
        if (!Files.isDirectory(project.resolve("work/made/deep")) || Files.exists(project.resolve("work/todelete.txt"))) {
            problems.add("FALSE DENIAL mkdirs/delete inside the project had no effect");
        }
        report(jdk, table, problems, result);
    }

    // ------------------------------------------------------------------ scenario 2: allow rules for Connect and Exit

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void connects_and_exits_when_allow_rules_name_them(Path jdk) throws Exception {
        Path outside = outsideFolder();
        ChildJvm jvm = child(jdk, outside, """
                {"permissions": {"allow": ["attempt", "Connect(127.0.0.1:*)", "Connect(localhost:*)", "Exit"]}}""");
        Table t = new Table();
        t.all(allowed("connected true").side("tcp=1 udp=0"), "net_socket", "net_socket_connect", "net_socket_inetaddress",
                "net_socketchannel_open", "net_socketchannel_connect", "net_socketchannel_nonblocking", "net_socket_adaptor");
        t.all(allowed("connected").side("tcp=1 udp=0"), "net_async_socket", "net_async_socket_handler",
                "net_socket_from_thread", "net_socket_from_pool", "net_socket_localhost_name");
        t.all(allowed("sent").side("tcp=0 udp=1"), "net_datagram_connect_send", "net_datagram_send",
                "net_multicastsocket_send", "net_datagramchannel_connect_write", "net_datagramchannel_send",
                "net_datagramchannel_adaptor_send");
        t.all(allowed("200 ok").side("tcp=1 udp=0"), "net_httpclient", "net_httpclient_async");
        t.row("net_url_connect", allowed("200").side("tcp=1 udp=0"));
        t.row("net_url_openStream", allowed("ok").side("tcp=1 udp=0"));
        t.row("proc_net_curl", denied(BLOCKED_PROGRAM).side("tcp=0 udp=0"));
        t.row("read_secret", denied(OUTSIDE));
        List<String> names = new ArrayList<>(t.rows.keySet());
        names.add("exit_system");
        names.add("in_list");

        ChildJvm.Result result = jvm.run(MAIN, names.toArray(new String[0]));
        List<String> problems = compare(t, result);
        if (result.exitCode() != 3 || result.stdout().contains("ATTEMPT exit_system ") || result.stdout().contains("\nDONE")) {
            problems.add("FALSE DENIAL exit_system: with an Exit rule the JVM should exit with 3, got exit "
                    + result.exitCode() + " and " + line(result, "exit_system"));
        }
        report(jdk, t, problems, result);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void runtime_exit_and_halt_end_the_jvm_with_an_exit_rule(Path jdk) throws Exception {
        for (String exit : List.of("exit_runtime", "exit_halt")) {
            Path outside = outsideFolder();
            ChildJvm jvm = child(jdk, outside, "{\"permissions\": {\"allow\": [\"attempt\", \"Exit\"]}}");
            ChildJvm.Result result = jvm.run(MAIN, "read_secret", exit, "in_list");
            Table t = new Table().row("read_secret", denied(OUTSIDE));
            List<String> problems = compare(t, result);
            if (result.exitCode() != 3 || result.stdout().contains("ATTEMPT in_list ")) {
                problems.add("FALSE DENIAL " + exit + ": with an Exit rule the JVM should exit with 3, got exit "
                        + result.exitCode() + " and " + line(result, exit));
            }
            report(jdk, t, problems, result);
        }
    }

    // ------------------------------------------------------------------ scenario 3: deny rules outside tool calls

    @ParameterizedTest(name = "{0}")
    @MethodSource("jdks")
    void outside_tool_calls_only_the_explicit_deny_rules_apply(Path jdk) throws Exception {
        Path outside = outsideFolder();
        String abs = outside.toString().substring(1);
        ChildJvm jvm = child(jdk, outside, """
                {"permissions": {"allow": ["attempt"],
                                 "deny": ["Read(//%s/secret.txt)", "Write(//%s/plain-*)", "Exec(dd:*)",
                                          "Connect(127.0.0.1:*)"]}}""".formatted(abs, abs));
        Map<String, String> before = snapshot(outside);
        Table t = new Table();
        t.all(denied("Read(//" + abs + "/secret.txt)"), "outside:read_secret", "outside:after_fj_common",
                "outside:after_thread_new", "outside:after_pool_prewarmed", "outside:after_parallel_stream",
                "outside:refl_method_invoke", "outside:symdir_read", "outside:trav_dotdot_relative",
                "outside:proc_self_root_read");
        t.row("read_secret", denied("Read(//" + abs + "/secret.txt)"));
        t.row("outside:plain_write_outside", denied("Write(//" + abs + "/plain-*)"));
        t.row("outside:plain_exec_dd", denied("Exec(dd:*)"));
        t.row("outside:net_outside_connect", denied("Connect(127.0.0.1:*)").side("tcp=0 udp=0"));
        t.row("outside:plain_read_other", allowed("OTHER"));
        t.row("outside:plain_exec_echo", allowed("exit 0: hi"));
        t.row("outside:in_list", allowed("input.txt"));
        Files.createDirectories(jvm.project().resolve("work"));
        Files.writeString(jvm.project().resolve("work/input.txt"), "INPUT");
        Files.createSymbolicLink(jvm.project().resolve("outlink"), outside);

        ChildJvm.Result result = jvm.run(MAIN, t.rows.keySet().toArray(new String[0]));
        List<String> problems = compare(t, result);
        diff(before, snapshot(outside), problems);
        report(jdk, t, problems, result);
    }

    // ------------------------------------------------------------------ the harness

    Path outsideFolder() throws IOException {
        Path outside = Files.createDirectories(root.resolve("outside-" + System.nanoTime()).resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), SECRET_TEXT + "\n");
        Files.writeString(outside.resolve("other.txt"), "OTHER\n");
        Files.createDirectories(outside.resolve("sub"));
        Files.writeString(outside.resolve("sub/inner.txt"), "inner");
        Files.createDirectories(outside.resolve("emptydir"));
        Files.setPosixFilePermissions(outside.resolve("secret.txt"), PosixFilePermissions.fromString("rw-r-----"));
        zip(outside.resolve("secret.zip"), SECRET_TEXT);
        zip(outside.resolve("secret.jar"), SECRET_TEXT);
        return outside;
    }

    /** A child JVM whose project lies beside (not around) the outside folder, with its temp folder in the project. */
    ChildJvm child(Path jdk, Path outside, String settings) throws IOException {
        ChildJvm jvm = ChildJvm.in(jdk, outside.getParent()).projectSettings(settings);
        return jvm.jvmOption("-Djava.io.tmpdir=" + Files.createDirectories(jvm.project().resolve("tmp")))
                .jvmOption("-Dbypass.outside=" + outside);
    }

    static void zip(Path file, String content) throws IOException {
        try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry("a.txt"));
            zip.write(content.getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
    }

    static int feature(Path jdk) throws IOException {
        for (String line : Files.readAllLines(jdk.resolve("release"))) {
            if (line.startsWith("JAVA_VERSION=")) {
                String version = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                return Integer.parseInt(version.split("[.+-]")[0]);
            }
        }
        return Runtime.version().feature();
    }

    /** Every file under the folder, with its kind, content, permissions and modification time. */
    static Map<String, String> snapshot(Path folder) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path path : walk.toList()) {
                String state;
                if (Files.isSymbolicLink(path)) {
                    state = "link -> " + Files.readSymbolicLink(path);
                } else if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                    state = "dir";
                } else {
                    state = "file " + java.util.Arrays.hashCode(Files.readAllBytes(path));
                }
                state += " " + PosixFilePermissions.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS))
                        + " " + Files.getLastModifiedTime(path, LinkOption.NOFOLLOW_LINKS).toMillis();
                files.put(folder.relativize(path).toString(), state);
            }
        }
        return files;
    }

    static void diff(Map<String, String> before, Map<String, String> after, List<String> problems) {
        for (Map.Entry<String, String> entry : before.entrySet()) {
            String now = after.get(entry.getKey());
            // A folder's time changes with its entries; its entries are compared on their own.
            if (now == null) {
                problems.add("ESCAPE outside file gone: " + entry.getKey());
            } else if (!now.equals(entry.getValue()) && !(now.startsWith("dir") && entry.getValue().startsWith("dir")
                    && sameButTime(now, entry.getValue()))) {
                problems.add("ESCAPE outside file changed: " + entry.getKey() + " was " + entry.getValue() + ", now " + now);
            }
        }
        for (String path : after.keySet()) {
            if (!before.containsKey(path)) {
                problems.add("ESCAPE outside file created: " + path);
            }
        }
    }

    private static boolean sameButTime(String a, String b) {
        return a.substring(0, a.lastIndexOf(' ')).equals(b.substring(0, b.lastIndexOf(' ')));
    }

    static String line(ChildJvm.Result result, String name) {
        String prefix = "ATTEMPT " + name + " ";
        return result.stdout().lines().filter(l -> l.startsWith(prefix)).findFirst().orElse("(no line)");
    }

    /** Checks every row against the line its attempt printed; returns what did not match. */
    static List<String> compare(Table table, ChildJvm.Result result) {
        List<String> problems = new ArrayList<>();
        Map<String, String> lines = new LinkedHashMap<>();
        Map<String, String> sides = new LinkedHashMap<>();
        for (String line : result.stdout().split("\n")) {
            String[] parts = line.split(" ", 3);
            if (parts.length == 3 && parts[0].equals("ATTEMPT")) {
                lines.put(parts[1], parts[2]);
            } else if (parts.length == 3 && parts[0].equals("SIDE")) {
                sides.put(parts[1], parts[2]);
            }
        }
        for (Map.Entry<String, Expect> row : table.rows.entrySet()) {
            String name = row.getKey();
            Expect expect = row.getValue();
            String got = lines.get(name);
            if (got == null) {
                problems.add("MISSING " + name + ": no line printed");
                continue;
            }
            String outcome = got.split(" ", 2)[0];
            String detail = got.length() > outcome.length() ? got.substring(outcome.length() + 1) : "";
            if (!outcome.equals(expect.outcome())) {
                // Allowed where it must be denied is an escape; failed is neither: the gate did not stop it, the JDK did.
                String kind = expect.outcome().equals("DENIED") ? outcome.equals("ALLOWED") ? "ESCAPE" : "FAILED, NOT DENIED"
                        : "FALSE DENIAL";
                problems.add(kind + " " + name + ": expected " + expect.outcome() + " (" + expect.detail() + "), got " + got);
            } else if (!detail.contains(expect.detail())) {
                problems.add("WRONG REASON " + name + ": expected '" + expect.detail() + "' in: " + got);
            }
            if (expect.side() != null && !expect.side().equals(sides.get(name))) {
                String kind = expect.outcome().equals("DENIED") ? "ESCAPE" : "FALSE DENIAL";
                problems.add(kind + " " + name + ": servers expected " + expect.side() + ", saw " + sides.get(name));
            }
        }
        return problems;
    }

    static void report(Path jdk, Table table, List<String> problems, ChildJvm.Result result) {
        System.out.println("[bypass] " + ChildJvm.jdkName(jdk) + ": " + table.rows.size() + " attempts, "
                + problems.size() + " mismatches");
        problems.forEach(p -> System.out.println("[bypass]   " + p));
        assertTrue(problems.isEmpty(), problems.size() + " of " + table.rows.size() + " attempts on "
                + ChildJvm.jdkName(jdk) + " did not go as the spec says:\n  " + String.join("\n  ", problems)
                + "\n\nstderr:\n" + result.stderr());
    }
}
