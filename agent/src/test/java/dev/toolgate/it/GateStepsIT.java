package dev.toolgate.it;

import static dev.toolgate.it.GateTable.NOTHING;
import static dev.toolgate.it.GateTable.agentOptions;
import static dev.toolgate.it.GateTable.allowed;
import static dev.toolgate.it.GateTable.allowedBy;
import static dev.toolgate.it.GateTable.askedNo;
import static dev.toolgate.it.GateTable.askedNoBy;
import static dev.toolgate.it.GateTable.denied;
import static dev.toolgate.it.GateTable.deniedBy;
import static dev.toolgate.it.GateTable.policy;
import static dev.toolgate.it.GateTable.project;
import static dev.toolgate.it.GateTable.scenario;
import static dev.toolgate.it.GateTable.user;

import dev.toolgate.it.GateTable.Case;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each step of the gate's chain (SPEC §6) decides when the step before it has nothing to say,
 * and wins over the step after it, which would have answered otherwise.
 */
class GateStepsIT {

    static final String OUTSIDE = "path '%s' is outside the sandbox roots; add it to permissions.additionalDirectories"
            + " or allow it with %s(/%s)";
    static final String TRAVERSAL = "path '%s' is not allowed: '..' segments and '~' are rejected";

    @TempDir
    Path root;

    static String outside(String path, String kind) {
        return String.format(OUTSIDE, path, kind, path);
    }

    static String traversal(String path) {
        return String.format(TRAVERSAL, path);
    }

    static List<Case> cases() {
        return List.of(
                scenario("deny_rule_beats_ask_and_allow_rules_of_the_same_and_other_sources",
                        project("""
                                {"permissions": {
                                  "allow": ["plain", "read_file", "file_write", "lookup"],
                                  "ask": ["read_file", "file_write(**/*.md)"],
                                  "deny": ["plain", "read_file(secret.txt)"]}}""")
                                .and(user("{\"permissions\": {\"deny\": [\"staticTool\"]}}"))
                                .and(policy("{\"permissions\": {\"allow\": [\"staticTool\"]}}")),
                        deniedBy("plain", "plain", "project"),
                        deniedBy("staticTool=3", "staticTool", "user"),
                        deniedBy("read_file=secret.txt", "read_file(secret.txt)", "project"),
                        askedNoBy("read_file=notes.txt", "read_file", "project"),
                        askedNoBy("file_write=docs/a.md|x", "file_write(**/*.md)", "project"),
                        allowedBy("file_write=docs/a.txt|x", "wrote docs/a.txt", "file_write", "project"),
                        allowedBy("lookup=k", "value of k", "lookup", "project")),

                scenario("ask_rule_beats_the_sandbox_and_the_sandbox_beats_the_safety_checks",
                        project("""
                                {"permissions": {
                                  "allow": ["read_file", "file_write"],
                                  "ask": ["Read(//etc/passwd)"]}}"""),
                        askedNoBy("read_file=/etc/passwd", "Read(//etc/passwd)", "project"),
                        denied("read_file=/etc/group", outside("/etc/group", "Read")),
                        denied("file_write=../.git/config|x", traversal("../.git/config")),
                        denied("file_write=/etc/.bashrc|x", outside("/etc/.bashrc", "Write")),
                        askedNo("file_write=.bashrc|x", "write to protected path '{project}/.bashrc'")),

                scenario("path_traversal_is_denied_even_with_an_allow_rule",
                        project("{\"permissions\": {\"allow\": [\"read_file\", \"file_write\"]}}"),
                        denied("read_file=../x", traversal("../x")),
                        denied("read_file=a/../../b", traversal("a/../../b")),
                        denied("read_file=a/../b", traversal("a/../b")),
                        denied("read_file=~/x", traversal("~/x")),
                        denied("file_write=~|x", traversal("~")),
                        denied("file_write=../x|y", traversal("../x")),
                        allowedBy("read_file=a/b", "read a/b", "read_file", "project"),
                        allowedBy("file_write=a/b|y", "wrote a/b", "file_write", "project")),

                scenario("paths_outside_the_roots_are_denied_unless_a_resource_rule_or_a_root_names_them",
                        project("""
                                {"permissions": {
                                  "allow": ["read_file", "file_write", "Read(//etc/hostname)", "Write(//opt/toolgate-it/out.txt)"],
                                  "additionalDirectories": ["/opt/toolgate-it-extra"]},
                                 "sandbox": {"roots": ["/srv/toolgate-it-root"]}}"""),
                        allowedBy("read_file=/etc/hostname", "read /etc/hostname", "read_file", "project"),
                        denied("read_file=/etc/passwd", outside("/etc/passwd", "Read")),
                        denied("file_write=/etc/hostname|x", outside("/etc/hostname", "Write")),
                        allowedBy("file_write=/opt/toolgate-it/out.txt|x", "wrote /opt/toolgate-it/out.txt",
                                "file_write", "project"),
                        denied("read_file=/opt/toolgate-it/out.txt", outside("/opt/toolgate-it/out.txt", "Read")),
                        allowedBy("read_file=/opt/toolgate-it-extra/a.txt", "read /opt/toolgate-it-extra/a.txt",
                                "read_file", "project"),
                        allowedBy("file_write=/opt/toolgate-it-extra/sub/b.txt|x",
                                "wrote /opt/toolgate-it-extra/sub/b.txt", "file_write", "project"),
                        denied("read_file=/opt/toolgate-it-extras/a.txt", outside("/opt/toolgate-it-extras/a.txt", "Read")),
                        allowedBy("file_write=/srv/toolgate-it-root/c.txt|x", "wrote /srv/toolgate-it-root/c.txt",
                                "file_write", "project"),
                        denied("read_file=/srv/other/c.txt", outside("/srv/other/c.txt", "Read")),
                        allowedBy("read_file=src/Main.java", "read src/Main.java", "read_file", "project"),
                        allowedBy("read_file={project}/pom.xml", "read {project}/pom.xml", "read_file", "project"),
                        allowedBy("read_file={javaHome}/release", "read {javaHome}/release", "read_file", "project"),
                        denied("file_write={javaHome}/release|x", outside("{javaHome}/release", "Write"))),

                scenario("relative_roots_resolve_against_the_settings_folder_and_the_class_path_is_readable",
                        GateTable.OWN_TMPDIR
                                .and(project("""
                                        {"permissions": {"allow": ["read_file", "file_write"],
                                                         "additionalDirectories": ["../shared"]},
                                         "sandbox": {"roots": ["../extra-root"]}}"""))
                                .and(user("{\"permissions\": {\"additionalDirectories\": [\"work\"]}}"))
                                .and(jvm -> Files.createSymbolicLink(jvm.project().resolve("sibling-link"),
                                        Files.createDirectories(jvm.project().getParent().resolve("sibling")))),
                        allowedBy("read_file={root}/shared/a.txt", "read {root}/shared/a.txt", "read_file", "project"),
                        allowedBy("file_write={root}/extra-root/a.txt|x", "wrote {root}/extra-root/a.txt", "file_write",
                                "project"),
                        allowedBy("read_file={home}/work/b.txt", "read {home}/work/b.txt", "read_file", "project"),
                        allowedBy("file_write={root}/tmp/t.txt|x", "wrote {root}/tmp/t.txt", "file_write", "project"),
                        denied("read_file={root}/other/a.txt", outside("{root}/other/a.txt", "Read")),
                        denied("read_file={home}/c.txt", outside("{home}/c.txt", "Read")),
                        denied("read_file=sibling-link/x.txt", outside("{root}/sibling/x.txt", "Read")),
                        denied("file_write=sibling-link/x.txt|x", outside("{root}/sibling/x.txt", "Write")),
                        allowedBy("read_file={classPath}/dev/toolgate/fixtures/Tools.class",
                                "read {classPath}/dev/toolgate/fixtures/Tools.class", "read_file", "project"),
                        denied("file_write={classPath}/dev/toolgate/fixtures/Tools.class|x",
                                outside("{classPath}/dev/toolgate/fixtures/Tools.class", "Write"))),

                scenario("symlinks_are_resolved_before_the_sandbox_and_deny_rules_match_link_or_target",
                        GateStepsIT.links().and(project("""
                                {"permissions": {
                                  "allow": ["read_file", "file_write"],
                                  "deny": ["Read(private/**)", "read_file(docs/alias.txt)"]}}""")),
                        denied("read_file=host-link", outside("/etc/hostname", "Read")),
                        denied("read_file=etc-link/passwd", outside("/etc/passwd", "Read")),
                        denied("file_write=etc-link/new.conf|x", outside("/etc/new.conf", "Write")),
                        allowedBy("read_file=docs/readme.txt", "read docs/readme.txt", "read_file", "project"),
                        deniedBy("read_file=docs/key-link.txt", "Read(private/**)", "project"),
                        deniedBy("read_file=private/key.txt", "Read(private/**)", "project"),
                        deniedBy("read_file=docs/alias.txt", "read_file(docs/alias.txt)", "project"),
                        allowedBy("read_file=notes/plain.txt", "read notes/plain.txt", "read_file", "project")),

                scenario("allow_rules_and_safety_checks_look_at_the_target_of_a_symlink",
                        GateStepsIT.links().and(project("{\"permissions\": {\"allow\": [\"file_write(docs/**)\"]}}")),
                        allowedBy("file_write=docs/new.txt|x", "wrote docs/new.txt", "file_write(docs/**)", "project"),
                        askedNo("file_write=docs/to-notes/new.txt|x", "no rule allows tool 'file_write'"),
                        askedNo("file_write=docs/git-link/config|x", "write to protected path '{project}/.git/config'")),

                scenario("shell_checks_deny_commands_even_when_the_tool_is_allowed",
                        project("{\"permissions\": {\"allow\": [\"run_bash\"]}}"),
                        denied("run_bash=rm -rf /", "dangerous arguments: 'rm -rf /' deletes '/' recursively"),
                        denied("run_bash=rm -r -f /", "dangerous arguments: 'rm -r -f /' deletes '/' recursively"),
                        denied("run_bash=/bin/rm --force --recursive /",
                                "dangerous arguments: '/bin/rm --force --recursive /' deletes '/' recursively"),
                        denied("run_bash=curl x", "network program 'curl' is blocked (shell.blockNetwork);"
                                + " allow it with a rule such as Exec(curl:*)"),
                        denied("run_bash=echo $(id)", "command substitution"),
                        denied("run_bash=echo `id`", "command substitution"),
                        denied("run_bash=sudo ls", "dangerous command 'sudo'"),
                        denied("run_bash=timeout 5 rm -rf /", "dangerous arguments: 'rm -rf /' deletes '/' recursively"),
                        denied("run_bash=bash -c 'rm -rf /'", "dangerous arguments: 'rm -rf /' deletes '/' recursively"),
                        denied("run_bash=make && curl x", "network program 'curl' is blocked (shell.blockNetwork);"
                                + " allow it with a rule such as Exec(curl:*)"),
                        denied("run_bash=vim notes.txt", "dangerous command 'vim'"),
                        allowedBy("run_bash=make deploy", "ran make deploy", "run_bash", "project")),

                scenario("shell_checks_deny_empty_lines_bare_shells_eval_and_dangerous_arguments",
                        project("{\"permissions\": {\"allow\": [\"run_bash\"]}}"),
                        denied("run_bash=", "empty command"),
                        denied("run_bash=bash", "bare shell"),
                        denied("run_bash=eval ls", "eval"),
                        denied("run_bash=diff <(ls a) <(ls b)", "process substitution"),
                        denied("run_bash=chmod 777 x",
                                "dangerous arguments: 'chmod 777 x' makes files writable by everyone (mode 777)"),
                        denied("run_bash=echo x > /dev/sda", 
                                "dangerous arguments: 'echo x' writes to block device '/dev/sda'"),
                        denied("run_bash=:(){ :|:& };:", "function definition"),
                        denied("run_bash=dd if=/dev/zero of=x", "dangerous command 'dd'"),
                        allowedBy("run_bash=chmod 644 x", "ran chmod 644 x", "run_bash", "project")),

                scenario("shell_lists_from_settings_extend_the_safe_and_dangerous_commands",
                        project("""
                                {"permissions": {"allow": ["run_bash(terraform:*)"]},
                                 "shell": {"safeCommands": ["make"], "dangerousCommands": ["terraform"]}}"""),
                        allowed("run_bash=make", "ran make", "safe read-only command"),
                        denied("run_bash=terraform apply", "dangerous command 'terraform'"),
                        askedNo("run_bash=cmake .", "no rule allows tool 'run_bash'")),

                scenario("command_lines_are_split_on_every_separator_and_wrappers_are_looked_through",
                        project("""
                                {"permissions": {"allow": ["run_bash(make:*)"], "deny": ["Exec(git push:*)"]}}"""),
                        deniedBy("run_bash=make; git push", "Exec(git push:*)", "project"),
                        deniedBy("run_bash=make || git push", "Exec(git push:*)", "project"),
                        deniedBy("run_bash=make | git push", "Exec(git push:*)", "project"),
                        deniedBy("run_bash=make |& git push", "Exec(git push:*)", "project"),
                        deniedBy("run_bash=make & git push", "Exec(git push:*)", "project"),
                        deniedBy("run_bash=make\ngit push", "Exec(git push:*)", "project"),
                        deniedBy("run_bash=nohup git push", "Exec(git push:*)", "project"),
                        deniedBy("run_bash=env FOO=1 git push", "Exec(git push:*)", "project"),
                        deniedBy("run_bash=xargs git push", "Exec(git push:*)", "project"),
                        deniedBy("run_bash=nice -n 5 git push", "Exec(git push:*)", "project"),
                        deniedBy("run_bash=./git push", "Exec(git push:*)", "project"),
                        allowedBy("run_bash=make a; make b", "ran make a; make b", "run_bash(make:*)", "project"),
                        allowedBy("run_bash=make a && make b || make c", "ran make a && make b || make c",
                                "run_bash(make:*)", "project"),
                        askedNo("run_bash=make a | tee out.txt", "no rule allows tool 'run_bash'"),
                        askedNo("run_bash=makefoo", "no rule allows tool 'run_bash'")),

                scenario("network_programs_run_when_a_rule_names_them_or_the_network_is_not_blocked",
                        project("""
                                {"permissions": {"allow": ["run_bash(curl:*)", "run_bash(wget:*)"]},
                                 "shell": {"blockNetwork": true}}""")
                                .and(user("{\"permissions\": {\"allow\": [\"Exec(ssh host)\"]}}")),
                        allowedBy("run_bash=curl https://example.com", "ran curl https://example.com",
                                "run_bash(curl:*)", "project"),
                        denied("run_bash=nc example.com 80", "network program 'nc' is blocked (shell.blockNetwork);"
                                + " allow it with a rule such as Exec(nc:*)"),
                        askedNo("run_bash=ssh host", "no rule allows tool 'run_bash'")),

                scenario("network_programs_go_down_the_chain_when_the_network_is_not_blocked",
                        project("""
                                {"permissions": {"allow": ["run_bash(curl:*)"]}, "shell": {"blockNetwork": false}}"""),
                        allowedBy("run_bash=curl https://example.com", "ran curl https://example.com",
                                "run_bash(curl:*)", "project"),
                        askedNo("run_bash=wget https://example.com", "no rule allows tool 'run_bash'")),

                scenario("safety_checks_ask_for_protected_paths_and_user_interaction_despite_allow_rules",
                        project("""
                                {"permissions": {"allow": ["file_write", "run_bash", "ask_user"]},
                                 "sandbox": {"protectedPaths": [".env", "secrets/**"]}}"""),
                        askedNo("file_write=.git/config|x", "write to protected path '{project}/.git/config'"),
                        askedNo("file_write=.toolgate/settings.json|x",
                                "write to protected path '{project}/.toolgate/settings.json'"),
                        askedNo("file_write=.bashrc|x", "write to protected path '{project}/.bashrc'"),
                        askedNo("file_write=sub/.ssh/id_rsa|x", "write to protected path '{project}/sub/.ssh/id_rsa'"),
                        askedNo("file_write=.env|x", "write to protected path '{project}/.env'"),
                        askedNo("file_write=app/.env|x", "write to protected path '{project}/app/.env'"),
                        askedNo("file_write=secrets/db.txt|x", "write to protected path '{project}/secrets/db.txt'"),
                        askedNo("run_bash=echo x > .bashrc", "command writes to protected path '{project}/.bashrc'"),
                        askedNo("ask_user=why?", "tool 'ask_user' requires user interaction"),
                        allowedBy("file_write=src/.envrc|x", "wrote src/.envrc", "file_write", "project"),
                        allowedBy("run_bash=echo x > out.txt", "ran echo x > out.txt", "run_bash", "project")),

                scenario("safety_checks_ask_even_in_bypass_permissions_mode",
                        project("""
                                {"permissions": {"allow": ["file_write"]}, "sandbox": {"protectedPaths": [".env"]}}""")
                                .and(agentOptions("mode=bypassPermissions")),
                        askedNo("file_write=.git/config|x", "write to protected path '{project}/.git/config'"),
                        askedNo("file_write=.toolgate/settings.json|x",
                                "write to protected path '{project}/.toolgate/settings.json'"),
                        askedNo("file_write=.bashrc|x", "write to protected path '{project}/.bashrc'"),
                        askedNo("file_write=.env|x", "write to protected path '{project}/.env'"),
                        askedNo("ask_user=why?", "tool 'ask_user' requires user interaction"),
                        allowed("file_write=src/a.txt|x", "wrote src/a.txt", "mode bypassPermissions")),

                scenario("allow_rules_by_name_glob_path_and_command_pattern_and_safe_commands",
                        project("""
                                {"permissions": {"allow": ["look*", "file_write(docs/**)", "run_bash(git status)",
                                                           "run_bash(mvn test:*)", "staticTool"]}}"""),
                        allowedBy("staticTool=4", "8", "staticTool", "project"),
                        allowedBy("lookup=k", "value of k", "look*", "project"),
                        allowedBy("file_write=docs/a.txt|x", "wrote docs/a.txt", "file_write(docs/**)", "project"),
                        allowedBy("file_write=docs/sub/b.txt|x", "wrote docs/sub/b.txt", "file_write(docs/**)", "project"),
                        askedNo("file_write=src/a.txt|x", "no rule allows tool 'file_write'"),
                        allowedBy("run_bash=git status", "ran git status", "run_bash(git status)", "project"),
                        allowedBy("run_bash=mvn test", "ran mvn test", "run_bash(mvn test:*)", "project"),
                        allowedBy("run_bash=mvn test -Dtest=A", "ran mvn test -Dtest=A", "run_bash(mvn test:*)", "project"),
                        askedNo("run_bash=mvn tests", "no rule allows tool 'run_bash'"),
                        askedNo("run_bash=git status && rm x", "no rule allows tool 'run_bash'"),
                        allowed("run_bash=ls -la", "ran ls -la", "safe read-only command"),
                        allowed("run_bash=cat a.txt | wc -l", "ran cat a.txt | wc -l", "safe read-only command"),
                        askedNo("run_bash=ls > out.txt", "no rule allows tool 'run_bash'"),
                        askedNo("plain", "no rule allows tool 'plain'"),
                        askedNo("greet=bob", "no rule allows tool 'greet'")),

                scenario("every_call_asks_when_no_settings_exist", NOTHING,
                        askedNo("plain", "no rule allows tool 'plain'"),
                        askedNo("lookup=k", "no rule allows tool 'lookup'"),
                        askedNo("read_file=a.txt", "no rule allows tool 'read_file'"),
                        allowed("run_bash=grep -r x src", "ran grep -r x src", "safe read-only command")),

                scenario("resource_deny_rules_apply_to_tool_arguments",
                        project("""
                                {"permissions": {
                                  "allow": ["read_file", "file_write", "run_bash"],
                                  "deny": ["Read(//etc/shadow)", "Write(**/*.lock)", "Exec(git push:*)", "Read(.env)"]}}"""),
                        deniedBy("read_file=/etc/shadow", "Read(//etc/shadow)", "project"),
                        deniedBy("read_file=config/.env", "Read(.env)", "project"),
                        deniedBy("file_write=build/app.lock|x", "Write(**/*.lock)", "project"),
                        allowedBy("read_file=build/app.lock", "read build/app.lock", "read_file", "project"),
                        deniedBy("run_bash=git push origin main", "Exec(git push:*)", "project"),
                        deniedBy("run_bash=git status && git push", "Exec(git push:*)", "project"),
                        deniedBy("run_bash=/usr/bin/git push", "Exec(git push:*)", "project"),
                        deniedBy("run_bash=timeout 10 git push", "Exec(git push:*)", "project"),
                        deniedBy("run_bash=GIT_DIR=x git push", "Exec(git push:*)", "project"),
                        allowedBy("run_bash=git pull", "ran git pull", "run_bash", "project")));
    }

    /** Links in the project: out to /etc, and between folders of the project. */
    static GateTable.Setup links() {
        return jvm -> {
            Path project = jvm.project();
            Files.createDirectories(project.resolve("docs"));
            Files.createDirectories(project.resolve("private"));
            Files.createDirectories(project.resolve("notes"));
            Files.writeString(project.resolve("docs/readme.txt"), "readme");
            Files.writeString(project.resolve("private/key.txt"), "key");
            Files.writeString(project.resolve("notes/plain.txt"), "plain");
            Files.createSymbolicLink(project.resolve("host-link"), Path.of("/etc/hostname"));
            Files.createSymbolicLink(project.resolve("etc-link"), Path.of("/etc"));
            Files.createSymbolicLink(project.resolve("docs/key-link.txt"), Path.of("../private/key.txt"));
            Files.createSymbolicLink(project.resolve("docs/alias.txt"), Path.of("../notes/plain.txt"));
            Files.createSymbolicLink(project.resolve("docs/to-notes"), Path.of("../notes"));
            Files.createDirectories(project.resolve(".git"));
            Files.writeString(project.resolve(".git/config"), "[core]");
            Files.createSymbolicLink(project.resolve("docs/git-link"), Path.of("../.git"));
        };
    }

    static Stream<Arguments> table() {
        return GateTable.onEveryJdk(cases());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("table")
    void gate_step(String jdkName, Case scenario, Path jdk) throws Exception {
        GateTable.run(jdk, root, scenario);
    }
}
