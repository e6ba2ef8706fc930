package dev.peregrine.buffer;

/**
 * The two bit operations of a varint of several bytes: spreading a value's low 56 bits into eight
 * 7-bit lanes, one per byte, and gathering such lanes back into a value. {@link Varints} does them
 * with shifts and masks on every JDK; {@link LaneInstructions} supplies this contract's one other
 * implementation where the JDK's {@code Long.expand} and {@code Long.compress} (JDK 19 and later)
 * are single instructions.
 *
 * <p>Why an interface: the core is compiled for JDK 17, which has neither method, so the
 * implementation that calls them is a class made at run time; {@code Varints} holds it in a
 * {@code static final} field, which C2 treats as a constant, so each call is bound to that one
 * class and inlined, with no dispatch left.
 */
interface SevenBitLanes {
    /** The 7-bit groups of bytes 0 to 7 of a little-endian word, every lane's top bit dropped. */
    long LANE_BITS = 0x7F7F_7F7F_7F7F_7F7FL;

    /**
     * Spreads a value into 7-bit lanes.
     *
     * @param u the value; bits 56 to 63 are ignored
     * @return bit {@code 7k + j} of {@code u} at bit {@code 8k + j}, each lane's top bit clear
     */
    long spread(long u);

    /**
     * Gathers 7-bit lanes into a value, the reverse of {@link #spread}.
     *
     * @param x the lanes; each byte's top bit is ignored
     * @return the low 56 bits of the value
     */
    long gather(long x);
}
