package dev.peregrine.codegen;

/**
 * Loads of one fixed-width primitive from a byte array, the reverse of {@link Stores}; the encodings
 * are {@code BufferReader}'s. Generated code calls them on the bytes of a run of fixed-width fields
 * taken with one check ({@code BufferReader.openRun}), so none of them checks the input's end.
 *
 * <p>Public because generated classes live in user packages.
 */
public final class Loads {
    private Loads() {
    }

    /**
     * @param b the array
     * @param p where the byte is
     * @return the byte
     */
    public static byte loadByte(byte[] b, int p) {
        return b[p];
    }

    /**
     * @param b the array
     * @param p where the float's raw IEEE bits start, little-endian
     * @return the float
     */
    public static float loadFloat(byte[] b, int p) {
        return Float.intBitsToFloat((int) Stores.INT_LE.get(b, p));
    }

    /**
     * @param b the array
     * @param p where the double's raw IEEE bits start, little-endian
     * @return the double
     */
    public static double loadDouble(byte[] b, int p) {
        return Double.longBitsToDouble((long) Stores.LONG_LE.get(b, p));
    }
}
