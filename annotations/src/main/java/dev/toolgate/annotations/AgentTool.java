package dev.toolgate.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Marks a method as a tool: every call passes Toolgate's permission gate before the body runs. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface AgentTool {
    /** The tool name; empty means the method's own name. */
    String value() default "";

    InterruptBehavior interrupt() default InterruptBehavior.CANCEL;

    /** May run beside other tools of its session. */
    boolean concurrencySafe() default false;

    /** Changes nothing outside the JVM. */
    boolean readOnly() default false;

    /** Irreversible. */
    boolean destructive() default false;

    /** Always asks a human, in every mode. */
    boolean requiresUserInteraction() default false;

    /** Its failure cancels the session's running siblings. */
    boolean abortsSiblings() default false;

    /** What runs inside it is a silent sub-agent that nobody can be asked for. */
    boolean subagent() default false;

    /** 0 means the settings' default. */
    long timeoutMillis() default 0;
}
