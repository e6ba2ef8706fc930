/**
 * Peregrine: a schema-free binary serializer for Java objects.
 *
 * <p>Only {@code dev.peregrine} is exported; every other package is an implementation detail. ASM is
 * needed at compile time only: the released jar carries it relocated to
 * {@code dev.peregrine.internal.asm}, a package of this module.
 */
module dev.peregrine {
    requires static org.objectweb.asm;

    exports dev.peregrine;
}
