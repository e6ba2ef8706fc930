/**
 * Peregrine: a schema-free binary serializer for Java objects.
 *
 * <p>Only {@code dev.peregrine} is exported; every other package is an implementation detail.
 */
module dev.peregrine {
    exports dev.peregrine;
}
