package dev.peregrine.codegen;

/**
 * A superclass in a nest of its own: a codec generated as a nestmate of a subclass cannot name its
 * private fields and must reach them through handles.
 */
class OtherNestBase {
    private int baseCount;
    private String baseName;
    protected long baseStamp;
    boolean basePackageFlag;
}
