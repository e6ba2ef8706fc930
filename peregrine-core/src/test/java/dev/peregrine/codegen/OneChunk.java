package dev.peregrine.codegen;

/** A few fields, read in one chunk: for a hosted codec's loop over an array. */
final class OneChunk {
    private int id;
    private String name;
    private boolean on;
}
