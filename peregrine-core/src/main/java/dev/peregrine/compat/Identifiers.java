package dev.peregrine.compat;

import dev.peregrine.MalformedInputException;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;

/**
 * The encoding of names in a class definition (format version 3): field names, enum constants,
 * class names without their package. Java names are almost always made of the 64 characters
 * {@code a-z A-Z 0-9 _ $}, so they are written six bits a character:
 * {@code varint(2n + 1)}, then the {@code n} six-bit codes packed low bits first into
 * {@code ceil(6n / 8)} bytes (unused high bits of the last byte zero). Any other name is
 * {@code varint(0)} and a string. {@code fuelFigures} takes 10 bytes instead of 12.
 */
final class Identifiers {
    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz"
            + "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$";
    private static final byte[] CODES = new byte[128];

    static {
        java.util.Arrays.fill(CODES, (byte) -1);
        for (int i = 0; i < ALPHABET.length(); i++) {
            CODES[ALPHABET.charAt(i)] = (byte) i;
        }
    }

    private Identifiers() {
    }

    /**
     * Writes a name, packed or as a string.
     *
     * @param out   the output
     * @param name  the name
     * @param plain true to write it as {@code varint(0)} and a string even when it could be packed:
     *              the form of a compressed preload, whose compressor finds repeats in whole bytes
     */
    static void write(BufferWriter out, String name, boolean plain) {
        if (plain || !packable(name)) {
            out.writeVarUInt(0);
            out.writeString(name);
            return;
        }
        int n = name.length();
        out.writeVarUInt(2 * n + 1);
        int bits = 0;
        int filled = 0;
        for (int i = 0; i < n; i++) {
            bits |= CODES[name.charAt(i)] << filled;
            filled += 6;
            if (filled >= 8) {
                out.writeByte(bits & 0xFF);
                bits >>>= 8;
                filled -= 8;
            }
        }
        if (filled > 0) {
            out.writeByte(bits);
        }
    }

    private static boolean packable(String name) {
        if (name.isEmpty() || name.length() > (Integer.MAX_VALUE - 1) / 2) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c >= 128 || CODES[c] < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads a name.
     *
     * @param in the input; a packed name is checked against the bytes remaining before anything is
     *           allocated, a string against the input's string limit
     * @return the name
     */
    static String read(BufferReader in) {
        int at = in.position();
        int x = in.readVarUInt();
        if (x == 0) {
            return in.readString();
        }
        if ((x & 1) == 0 || x < 0) {
            throw new MalformedInputException("malformed name header " + Integer.toUnsignedString(x)
                    + " in a class definition", at);
        }
        int n = x >>> 1;
        in.require((6L * n + 7) / 8, "name");
        char[] chars = new char[n];
        int bits = 0;
        int filled = 0;
        for (int i = 0; i < n; i++) {
            if (filled < 6) {
                bits |= (in.readByte() & 0xFF) << filled;
                filled += 8;
            }
            chars[i] = ALPHABET.charAt(bits & 0x3F);
            bits >>>= 6;
            filled -= 6;
        }
        if (bits != 0) {
            throw new MalformedInputException("name in a class definition has stray bits after its last character", at);
        }
        return new String(chars);
    }
}
