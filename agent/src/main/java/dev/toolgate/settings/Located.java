package dev.toolgate.settings;

import dev.toolgate.settings.JsonTree.Location;

/** A setting's value with the file, line and column where it was written. */
record Located<T>(T value, String file, Location at) {

    /** {@code file:line:column}. */
    String origin() {
        return file + ":" + at;
    }
}
