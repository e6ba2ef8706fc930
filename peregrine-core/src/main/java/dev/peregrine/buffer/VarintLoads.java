package dev.peregrine.buffer;

import dev.peregrine.MalformedInputException;

/**
 * The varint load ladders of {@link ArrayReader}, as static methods over its public position
 * methods, so that code generation can copy them into each codec once per field: LEB128 ones for
 * lengths, counts and chars, prefix ones for short, int and long values ({@link #readPrefixUInt},
 * which read LEB128 in a payload of an older format: {@link BufferReader#valuesInLeb128}).
 *
 * <p>Why copies: C2 keeps the branches of a ladder that the profile saw taken and turns the others
 * into traps, and a profile belongs to a method, not to a call site. With one shared ladder, every
 * field of every codec carried every rung that any field's values took (a nine-byte long field
 * about 240 bytes of machine code: DESIGN.md, thirteenth round). A copy per field has a profile of
 * its own, so each field compiles only the rungs its own values take (fourteenth round). The copies may call only public
 * methods outside this class; calls among the methods of this class are redirected to the copies.
 *
 * <p>The ladders are those {@link Varints} describes: one word load, then the length found by
 * branches on the continuation bits, the one- and two-byte rungs first and the rest in a method of
 * their own (so a field whose values are short inlines only the first). Near the end of the input,
 * or over a {@code ByteBufferReader}, they read byte by byte, checked.
 */
public final class VarintLoads {
    /** Bytes a long's word load needs from its start: the word, and the ninth byte of the longest form. */
    public static final int LONG_ROOM = 9;

    private VarintLoads() {
    }

    /**
     * Reads an unsigned varint int, as {@link BufferReader#readVarUInt} does: with {@link Varints#ROOM}
     * bytes left in an {@link ArrayReader}, a word load and a ladder; otherwise byte by byte.
     *
     * @param in the reader
     * @return the value
     */
    public static int readVarUInt(BufferReader in) {
        // Perf: one class test, standing for the guard of the virtual call it replaces (and
        // folded away where ArrayReader calls this).
        if (in instanceof ArrayReader a) {
            int p = a.varintStart(Varints.ROOM);
            if (p >= 0) {
                long word = a.wordAt(p);
                if ((word & 0x80L) == 0) {
                    a.moveTo(p + 1);
                    return (int) word & 0x7F;
                }
                if ((word & 0x8000L) == 0) {
                    a.moveTo(p + 2);
                    return Varints.fromTwoBytes(word);
                }
                return varUIntPastTwo(a, p, word);
            }
        }
        return in.readVarUIntByBytes();
    }

    /**
     * Reads an unsigned varint int as {@link #readVarUInt} does, without its room check: the caller
     * has checked, with {@link #hasRoom}, room for this varint and all it reads before it.
     *
     * @param in the reader, an {@link ArrayReader} with {@link Varints#ROOM} bytes from its position
     * @return the value
     */
    public static int readVarUIntInRoom(BufferReader in) {
        // The rungs of readVarUInt without its room check, a ladder of its own: LadderCopies copies
        // it per field, beside readVarUInt, for the reads that follow a check of the whole room.
        // Perf: repeated rather than reached through readVarUInt, which would put every checked
        // read, on every object, one inlining level deeper for the sake of the run loops.
        if (in instanceof ArrayReader a) {
            int p = a.index();
            long word = a.wordAt(p);
            if ((word & 0x80L) == 0) {
                a.moveTo(p + 1);
                return (int) word & 0x7F;
            }
            if ((word & 0x8000L) == 0) {
                a.moveTo(p + 2);
                return Varints.fromTwoBytes(word);
            }
            return varUIntPastTwo(a, p, word);
        }
        return in.readVarUIntByBytes();
    }

    /**
     * Whether {@code in} is an {@link ArrayReader} with at least {@code n} bytes from its position:
     * the test before a group of fields read with {@link #readVarUIntInRoom} and
     * {@link #readVarULongInRoom}, {@code n} being the most the group's reads may need.
     *
     * @param in the reader
     * @param n  the bytes needed
     * @return true when the unchecked reads may be used
     */
    public static boolean hasRoom(BufferReader in, int n) {
        return in instanceof ArrayReader a && a.varintStart(n) >= 0;
    }

    /**
     * Reads an unsigned varint long, as {@link BufferReader#readVarULong} does: with 9 bytes left in
     * an {@link ArrayReader}, a word load and a ladder; otherwise byte by byte.
     *
     * @param in the reader
     * @return the value
     */
    public static long readVarULong(BufferReader in) {
        if (in instanceof ArrayReader a) {
            int p = a.varintStart(LONG_ROOM);
            if (p >= 0) {
                long word = a.wordAt(p);
                if ((word & 0x80L) == 0) {
                    a.moveTo(p + 1);
                    return word & 0x7F;
                }
                if ((word & 0x8000L) == 0) {
                    a.moveTo(p + 2);
                    return Varints.fromTwoBytes(word);
                }
                return varULongPastTwo(a, p, word);
            }
        }
        return in.readVarULongByBytes();
    }

    /**
     * Reads an unsigned varint long as {@link #readVarULong} does, without its room check: the
     * caller has checked, with {@link #hasRoom}, room for this varint and all it reads before it.
     *
     * @param in the reader, an {@link ArrayReader} with {@link #LONG_ROOM} bytes from its position
     * @return the value
     */
    public static long readVarULongInRoom(BufferReader in) {
        if (in instanceof ArrayReader a) {
            int p = a.index();
            long word = a.wordAt(p);
            if ((word & 0x80L) == 0) {
                a.moveTo(p + 1);
                return word & 0x7F;
            }
            if ((word & 0x8000L) == 0) {
                a.moveTo(p + 2);
                return Varints.fromTwoBytes(word);
            }
            return varULongPastTwo(a, p, word);
        }
        return in.readVarULongByBytes();
    }

    /**
     * {@link #readVarUInt} past two bytes.
     *
     * @param a    the reader, left after the varint
     * @param p    where the varint starts
     * @param word the 8 bytes from {@code p}, little-endian
     * @return the value
     * @throws MalformedInputException when the varint overflows 32 bits
     */
    public static int varUIntPastTwo(ArrayReader a, int p, long word) {
        if ((word & 0x80_0000L) == 0) {
            a.moveTo(p + 3);
            return (int) Varints.gather(word & 0xFF_FFFFL);
        }
        if ((word & 0x8000_0000L) == 0) {
            a.moveTo(p + 4);
            return (int) Varints.gather(word & 0xFFFF_FFFFL);
        }
        // A fifth byte may carry only the top 4 bits of the int, and must end the varint.
        if ((word & 0xF0_0000_0000L) != 0) {
            throw a.varIntOverflowAt(p);
        }
        a.moveTo(p + 5);
        return (int) Varints.gather(word & 0xFF_FFFF_FFFFL);
    }


    /**
     * {@link #readVarULong} past two bytes, the nine-byte form (any value of 2^56 or more, so most
     * random or hashed longs) tested first rather than at the bottom of the ladder.
     *
     * @param a    the reader, left after the varint
     * @param p    where the varint starts
     * @param word the 8 bytes from {@code p}, little-endian
     * @return the value
     */
    public static long varULongPastTwo(ArrayReader a, int p, long word) {
        if ((~word & 0x8080_8080_8080_8080L) == 0) {
            a.moveTo(p + 9);
            return Varints.gather(word) | (long) a.byteAt(p + 8) << 56;
        }
        if ((word & 0x80_0000L) == 0) {
            a.moveTo(p + 3);
            return Varints.gather(word & 0xFF_FFFFL);
        }
        if ((word & 0x8000_0000L) == 0) {
            a.moveTo(p + 4);
            return Varints.gather(word & 0xFFFF_FFFFL);
        }
        if ((word & 0x80_0000_0000L) == 0) {
            a.moveTo(p + 5);
            return Varints.gather(word & 0xFF_FFFF_FFFFL);
        }
        if ((word & 0x8000_0000_0000L) == 0) {
            a.moveTo(p + 6);
            return Varints.gather(word & 0xFFFF_FFFF_FFFFL);
        }
        if ((word & 0x80_0000_0000_0000L) == 0) {
            a.moveTo(p + 7);
            return Varints.gather(word & 0xFF_FFFF_FFFF_FFFFL);
        }
        a.moveTo(p + 8);
        return Varints.gather(word);
    }

    /**
     * Reads an unsigned prefix varint int ({@link Varints#putPrefixUInt}): with {@link Varints#ROOM}
     * bytes left in an {@link ArrayReader}, a word load, the one- and two-byte forms by a branch
     * each and the longer ones by a bit count; otherwise byte by byte. In a payload of a format
     * before 3 and 7 ({@link BufferReader#valuesInLeb128}), the LEB128 varint of that format.
     *
     * @param in the reader
     * @return the value
     */
    public static int readPrefixUInt(BufferReader in) {
        if (in instanceof ArrayReader a && !a.leb128Values()) {
            int p = a.varintStart(Varints.ROOM);
            if (p >= 0) {
                return prefixUIntAt(a, p, a.wordAt(p));
            }
        }
        return in.readPrefixUIntChecked();
    }

    /**
     * Reads an unsigned prefix varint int as {@link #readPrefixUInt} does, without its room check:
     * the caller has checked, with {@link #hasRoom}, room for this varint and all it reads before it.
     *
     * @param in the reader, an {@link ArrayReader} with {@link Varints#ROOM} bytes from its position
     * @return the value
     */
    public static int readPrefixUIntInRoom(BufferReader in) {
        if (in instanceof ArrayReader a && !a.leb128Values()) {
            int p = a.index();
            return prefixUIntAt(a, p, a.wordAt(p));
        }
        return in.readPrefixUIntChecked();
    }

    /**
     * The rungs of {@link #readPrefixUInt} once its word is loaded.
     *
     * @param a    the reader, left after the varint
     * @param p    where the varint starts
     * @param word the 8 bytes from {@code p}, little-endian
     * @return the value
     */
    public static int prefixUIntAt(ArrayReader a, int p, long word) {
        if ((word & 1) == 0) {
            a.moveTo(p + 1);
            return (int) word >>> 1 & 0x7F;
        }
        if ((word & 2) == 0) {
            a.moveTo(p + 2);
            return (int) word >>> 2 & 0x3FFF;
        }
        return prefixUIntPastTwo(a, p, word);
    }

    /**
     * {@link #readPrefixUInt} past two bytes: a rung each for three and four bytes, as the store
     * ladder has, so that the next read's start is this one's plus a constant once the branch is
     * predicted; five bytes last, whose value must not pass 32 bits.
     *
     * @param a    the reader, left after the varint
     * @param p    where the varint starts
     * @param word the 8 bytes from {@code p}, little-endian
     * @return the value
     * @throws MalformedInputException when the varint overflows 32 bits
     */
    public static int prefixUIntPastTwo(ArrayReader a, int p, long word) {
        if ((word & 0b100) == 0) {
            a.moveTo(p + 3);
            return (int) word >>> 3 & 0x1F_FFFF;
        }
        if ((word & 0b1000) == 0) {
            a.moveTo(p + 4);
            return (int) word >>> 4 & 0xFFF_FFFF;
        }
        // A sixth length bit (more than five bytes), or a value past 32 bits (word bits 37 to 39).
        if ((word & 0xE0_0000_0010L) != 0) {
            throw a.varIntOverflowAt(p);
        }
        a.moveTo(p + 5);
        return (int) (word >>> 5);
    }

    /**
     * Reads an unsigned prefix varint long ({@link Varints#putPrefixULong}) as
     * {@link #readPrefixUInt} reads an int, with 9 bytes of room for the nine-byte form.
     *
     * @param in the reader
     * @return the value
     */
    public static long readPrefixULong(BufferReader in) {
        if (in instanceof ArrayReader a && !a.leb128Values()) {
            int p = a.varintStart(LONG_ROOM);
            if (p >= 0) {
                return prefixULongAt(a, p, a.wordAt(p));
            }
        }
        return in.readPrefixULongChecked();
    }

    /**
     * Reads an unsigned prefix varint long as {@link #readPrefixULong} does, without its room check:
     * the caller has checked, with {@link #hasRoom}, room for this varint and all it reads before it.
     *
     * @param in the reader, an {@link ArrayReader} with {@link #LONG_ROOM} bytes from its position
     * @return the value
     */
    public static long readPrefixULongInRoom(BufferReader in) {
        if (in instanceof ArrayReader a && !a.leb128Values()) {
            int p = a.index();
            return prefixULongAt(a, p, a.wordAt(p));
        }
        return in.readPrefixULongChecked();
    }

    /**
     * The rungs of {@link #readPrefixULong} once its word is loaded.
     *
     * @param a    the reader, left after the varint
     * @param p    where the varint starts
     * @param word the 8 bytes from {@code p}, little-endian
     * @return the value
     */
    public static long prefixULongAt(ArrayReader a, int p, long word) {
        if ((word & 1) == 0) {
            a.moveTo(p + 1);
            return word >>> 1 & 0x7F;
        }
        if ((word & 2) == 0) {
            a.moveTo(p + 2);
            return word >>> 2 & 0x3FFF;
        }
        return prefixULongPastTwo(a, p, word);
    }

    /**
     * {@link #readPrefixULong} past two bytes: the nine-byte form first, then a rung each for
     * three and four bytes, as {@link #prefixUIntPastTwo}, and five to eight bytes by a bit count.
     *
     * @param a    the reader, left after the varint
     * @param p    where the varint starts
     * @param word the 8 bytes from {@code p}, little-endian
     * @return the value
     */
    public static long prefixULongPastTwo(ArrayReader a, int p, long word) {
        if ((word & 0xFF) == 0xFF) {
            a.moveTo(p + 9);
            return a.wordAt(p + 1);
        }
        if ((word & 0b100) == 0) {
            a.moveTo(p + 3);
            return word >>> 3 & 0x1F_FFFF;
        }
        if ((word & 0b1000) == 0) {
            a.moveTo(p + 4);
            return word >>> 4 & 0xFFF_FFFF;
        }
        return prefixULongByCount(a, p, word);
    }

    /**
     * A prefix varint long of five to eight bytes, its length by a bit count.
     *
     * @param a    the reader, left after the varint
     * @param p    where the varint starts
     * @param word the 8 bytes from {@code p}, little-endian, not of the nine-byte form
     * @return the value
     */
    public static long prefixULongByCount(ArrayReader a, int p, long word) {
        int n = Long.numberOfTrailingZeros(~word) + 1;
        a.moveTo(p + n);
        return word >>> n & -1L >>> 64 - 7 * n;
    }
}
