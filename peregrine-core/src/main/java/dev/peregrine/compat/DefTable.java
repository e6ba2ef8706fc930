package dev.peregrine.compat;

import dev.peregrine.MalformedInputException;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;

import java.util.Arrays;

/**
 * The class defs one payload (or, for a stream session, one stream) has carried so far. Before each
 * object of a user class or enum the compatible format writes {@code varint(n)}: the index of a def
 * already carried, or, when {@code n} equals the number carried so far, a new def follows. So each
 * def travels once per payload (once per stream) and each object pays one byte for it.
 *
 * <p>Writer side: a slot per local def serial, so the lookup is an array read. Reader side: the defs
 * in the order they came. One table serves one write or read at a time, like its context.
 */
public final class DefTable {
    /** Most defs one payload or stream may carry, so a long hostile stream cannot grow a table without end. */
    public static final int MAX_DEFS = 1 << 16;

    private final DefRegistry registry;
    private int[] indexBySerial = new int[16];
    private int[] serialsUsed = new int[16];
    private int written;
    private ClassDef[] read = new ClassDef[8];
    private int readCount;

    /**
     * @param registry where local defs and the cache of read defs live
     */
    public DefTable(DefRegistry registry) {
        this.registry = registry;
    }

    /** @return the registry */
    public DefRegistry registry() {
        return registry;
    }

    /** Forgets every def carried, for the next payload (not called between the values of a stream). */
    public void reset() {
        for (int i = 0; i < written; i++) {
            indexBySerial[serialsUsed[i]] = 0;
        }
        written = 0;
        Arrays.fill(read, 0, readCount, null);
        readCount = 0;
    }

    /** @return how many defs this table has written, for {@link #rollBack} */
    public int mark() {
        return written;
    }

    /**
     * Forgets the defs written since a {@link #mark}, when the value that wrote them was not sent.
     *
     * @param mark an earlier {@link #mark()}
     */
    public void rollBack(int mark) {
        for (int i = mark; i < written; i++) {
            indexBySerial[serialsUsed[i]] = 0;
        }
        written = Math.min(written, mark);
    }

    /**
     * Writes the reference to a local def, and the def itself the first time.
     *
     * @param out the output
     * @param def a local def
     */
    public void write(BufferWriter out, ClassDef def) {
        int s = def.serial();
        if (s < indexBySerial.length) {
            int index = indexBySerial[s];
            if (index != 0) {
                out.writeVarUInt(index - 1);
                return;
            }
        }
        define(out, def);
    }

    private void define(BufferWriter out, ClassDef def) {
        int s = def.serial();
        if (s >= indexBySerial.length) {
            indexBySerial = Arrays.copyOf(indexBySerial, Math.max(s + 1, indexBySerial.length * 2));
        }
        if (written == serialsUsed.length) {
            serialsUsed = Arrays.copyOf(serialsUsed, written * 2);
        }
        serialsUsed[written] = s;
        indexBySerial[s] = ++written;
        out.writeVarUInt(written - 1);
        byte[] bytes = def.encoded();
        out.writeBytes(bytes, 0, bytes.length);
    }

    /**
     * Writes the def reference of an enum whose ordinals follow (in an {@code EnumSet} or
     * {@code EnumMap}).
     *
     * @param out  the output
     * @param type the enum
     */
    public void writeEnum(BufferWriter out, Class<?> type) {
        write(out, registry.local(type));
    }

    /**
     * Reads what {@link #writeEnum} wrote.
     *
     * @param in        the input
     * @param type      the enum this reader expects
     * @param constants its constants, which the caller has at hand
     * @return this reader's constants indexed by the writer's ordinals ({@code constants} itself when
     *         the writer had this version of the enum); null where the writer had a constant this
     *         reader lacks (such entries are dropped)
     */
    public Enum<?>[] readEnum(BufferReader in, Class<?> type, Enum<?>[] constants) {
        int at = in.position();
        ClassDef local = registry.local(type);
        ClassDef def = read(in, local);
        if (def == local) {
            return constants;
        }
        if (!def.isEnum()) {
            throw new MalformedInputException("a class definition (" + def.name() + ") where the enum "
                    + type.getName() + " was expected", at);
        }
        return EnumTranslator.byWriterOrdinal(def, type);
    }

    /**
     * Reads a def reference where this reader expects a value of a class it has, and the def when
     * it is new. Perf: a new def is first compared in place with the expected local def, the usual
     * case, which costs no copy, hash or lookup.
     *
     * @param in       the input
     * @param expected the reader's own def of the class expected here
     * @return the def: {@code expected} itself when the writer had the same version of the class
     */
    public ClassDef read(BufferReader in, ClassDef expected) {
        int at = in.position();
        int n = in.readVarUInt();
        if (n >= 0 && n < readCount) {
            return read[n];
        }
        if (n == readCount && in.skipIfNext(expected.encoded())) {
            return remember(expected);
        }
        return readNew(in, n, at);
    }

    /**
     * Reads a def reference, and the def when it is new.
     *
     * @param in the input
     * @return the def: a local one when the writer had the same version of the class
     */
    public ClassDef read(BufferReader in) {
        int at = in.position();
        int n = in.readVarUInt();
        if (n >= 0 && n < readCount) {
            return read[n];
        }
        return readNew(in, n, at);
    }

    private ClassDef readNew(BufferReader in, int n, int at) {
        if (n != readCount) {
            throw new MalformedInputException("class definition " + Integer.toUnsignedString(n)
                    + " is referenced before it is defined (" + readCount + " so far)", at);
        }
        return remember(registry.read(in));
    }

    private ClassDef remember(ClassDef def) {
        if (readCount >= MAX_DEFS) {
            throw new dev.peregrine.LimitExceededException("more than " + MAX_DEFS + " class definitions in one "
                    + "payload or stream", -1);
        }
        if (readCount == read.length) {
            read = Arrays.copyOf(read, readCount * 2);
        }
        read[readCount++] = def;
        return def;
    }
}
