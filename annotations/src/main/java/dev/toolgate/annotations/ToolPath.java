package dev.toolgate.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** This argument is a file path the tool touches. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface ToolPath {
    /** INFER: READ for readOnly tools, else WRITE. */
    Access value() default Access.INFER;

    enum Access { READ, WRITE, INFER }
}
