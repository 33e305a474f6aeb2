package dev.toolgate.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link SettingsLoader#load(AgentArguments)} finds the project and policy through system properties. */
class SettingsLoaderPropertiesTest {

    @TempDir
    Path root;
    Layout layout;
    String project;
    String policy;

    @BeforeEach
    void setUp() {
        layout = new Layout(root);
        project = System.getProperty("toolgate.project");
        policy = System.getProperty("toolgate.policy");
    }

    @AfterEach
    void restore() {
        restore("toolgate.project", project);
        restore("toolgate.policy", policy);
    }

    @Test
    void reads_the_project_and_policy_the_properties_name() {
        layout.write(Source.POLICY, "{\"permissions\": {\"deny\": [\"Exit\"], \"defaultMode\": \"plan\"}}");
        layout.write(Source.PROJECT, "{\"permissions\": {\"allow\": [\"read_file\"]}}");
        System.setProperty("toolgate.project", layout.project.toString());
        System.setProperty("toolgate.policy", layout.policy.toString());
        Settings s = SettingsLoader.load(AgentArguments.NONE);
        assertThat(s.projectDir()).isEqualTo(layout.project);
        assertThat(s.modeLocked()).isTrue();
        assertThat(s.deny()).extracting(SourcedRule::source).containsExactly(Source.POLICY);
        assertThat(s.allow()).extracting(SourcedRule::source).contains(Source.PROJECT);
    }

    @Test
    void a_policy_file_named_by_the_property_must_exist() {
        System.setProperty("toolgate.project", layout.project.toString());
        System.setProperty("toolgate.policy", layout.policy.toString());
        assertThatThrownBy(() -> SettingsLoader.load(AgentArguments.NONE))
                .isInstanceOf(SettingsException.class)
                .hasMessage("toolgate: policy file " + layout.policy + " (system property toolgate.policy) does not exist");
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }
}
