package dev.peregrine.compat;

import dev.peregrine.LimitExceededException;
import dev.peregrine.MalformedInputException;
import dev.peregrine.PeregrineException;
import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;

import java.util.Arrays;

/**
 * The class defs one payload (or, for a stream session, one stream) has carried so far. Before an
 * object of a user class or enum the compatible format writes {@code varint(n)}: the index of a def
 * already carried, or, when {@code n} equals the number carried so far, a new def follows. So each
 * def travels once per payload (once per stream); in format version 3 each object paid one byte for
 * it, in version 4 only the objects in tagged positions do (below).
 *
 * <p>From format version 3 on a new def is preceded by {@code varint(p)}: the index of a package already
 * named, or, when {@code p} equals the number named so far, the package name follows as a string.
 * So a package name travels once per payload, however many of its classes it carries (a fixture of
 * eight classes in one package carried the name eight times in version 2). Version 2 payloads, with
 * the full class name inside every def, are still read.
 *
 * <p>In format version 4 an object in an <em>untagged</em> position (a field whose declared type
 * admits only its class, an element, key or value under the {@code DECLARED} flag), whose class the
 * reader therefore knows before it reads anything, carries its def reference only while its class's
 * def has not been carried yet: the first such object brings the def, later ones carry nothing
 * ({@link #writeUntagged}, {@link #readUntagged}). Tagged positions (and roots) carry their
 * reference every time, as before: there the def names the class the tag may not (a class renamed
 * under the same registration id). Version 3 and 2 payloads carry a reference everywhere.
 *
 * <p>Writer side: a slot per local def serial, so the lookup is an array read. Reader side: the defs
 * in the order they came, and per local def serial the def the writer carried for that class: set
 * when the local def itself is read, or, for a def of another version, at the class's first untagged
 * position. One table serves one write or read at a time, like its context.
 */
public final class DefTable {
    /** Most defs one payload or stream may carry, so a long hostile stream cannot grow a table without end. */
    public static final int MAX_DEFS = 1 << 16;
    /**
     * The newest compatible format this table reads and writes, as the header and the body know
     * it: 7, version 4's layout with its values in prefix varints, and a {@link Preload} of defs
     * after the header behind a token where a {@code Codec} of a user class writes it. Format 8 is
     * 7 with one more form of that preload, compressed ({@link Preload#DEFLATED_MARK}); nothing
     * after it differs, so this number stays 7.
     */
    public static final int CURRENT_VERSION = Preload.VERSION;
    /** The previous format, still read: version 7 with LEB128 values. */
    public static final int VERSION_6 = Preload.VERSION_6;
    /** The compatible format of payloads with no preload: a def reference only where it says something. */
    public static final int VERSION_4 = 4;
    /** The previous format with a preload, still read: its defs with no token. */
    public static final int VERSION_5 = 5;
    /** The previous compatible format, still read: a def reference before every object. */
    public static final int VERSION_3 = 3;
    /** An older compatible format, still read: defs name the full class, no package table. */
    public static final int VERSION_2 = 2;

    private final DefRegistry registry;
    private int[] indexBySerial = new int[16];
    private int[] serialsUsed = new int[16];
    private int written;
    /**
     * Writer side: {@link ClassDef#bit} of each def written (serials below 64), so that the question
     * {@link #writeUntagged} asks per object is answered from one word. Perf: see {@link #carriedLocal}.
     */
    private long writtenBits;
    private ClassDef[] read = new ClassDef[8];
    private int readCount;
    /**
     * Reader side: by local def serial, the def the writer carried for that class: the local def
     * itself as soon as it is read, another version's once an untagged position asked for it.
     */
    private ClassDef[] carriedFor = new ClassDef[16];
    private int[] carriedSerials = new int[8];
    private int carriedCount;
    /**
     * Reader side: {@link ClassDef#bit} of each local def that {@link #carriedFor} holds at its own
     * serial, recorded only in format version 4 and later, where an untagged position of that
     * class then carries nothing. Perf: {@link #readUntagged} asks this word before anything else
     * (and {@link #writeUntagged} asks {@link #writtenBits}): an array of beans with an enum field
     * asks once per bean, and the word takes two dependent loads and a bounds check out of each
     * ask (DESIGN.md, fifty-second round).
     */
    private long carriedLocal;
    /** Reader side: how many defs read are not local ones (other versions, or classes not here). */
    private int foreignCount;
    /** Reader side: the last class this reader lacks found by name, and its def, for the next drop. */
    private String unknownName;
    private ClassDef unknownDef;
    /** Packages named so far, on either side: interned local names when writing. */
    private String[] packages = new String[4];
    private int packageCount;
    private int version = CURRENT_VERSION;
    /**
     * The preload {@link #readFirst} or {@link #carriedFirst} last recorded, while the table may
     * still hold exactly what it recorded; else null.
     */
    private Preload kept;
    /**
     * Set by {@link #reset} in place of emptying a table that holds exactly {@link #kept}; the next
     * payload's first read ({@link #readFirst} or {@link #readStart}) or first write
     * ({@link #carriedFirst}) then keeps it, for the same preload, or empties it.
     */
    private boolean stale;
    /** The local def {@link #localEnum} found last, or null. */
    private ClassDef lastEnumDef;

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

    /**
     * Forgets every def carried, for the next payload (not called between the values of a stream).
     * A table read from next must start with {@link #readFirst} or {@link #readStart}; one that
     * has recorded a preload written ({@link #carriedFirst}) must be written with
     * {@code carriedFirst} first.
     *
     * <p>Perf: a table that holds exactly the preload {@link #readFirst} or {@link #carriedFirst}
     * recorded (nothing read or written since) is only marked stale: the next payload's
     * {@code readFirst} or {@code carriedFirst} of the same preload keeps it, where emptying and
     * recording it again cost compatible Car decode 9 % of its time (eight defs and their
     * packages); any other first read empties it.
     */
    public void reset() {
        if (kept != null) {
            if (holdsOnlyKept()) {
                stale = true;
                return;
            }
            kept = null;
        }
        clear();
    }

    /**
     * Whether this table holds what recording {@link #kept} left: nothing has been read since (a
     * reading table) or written since (a writing one).
     */
    private boolean holdsOnlyKept() {
        int k = kept.defs.length;
        if (packageCount != kept.packages.length || foreignCount != 0 || unknownName != null) {
            return false;
        }
        return written == 0 ? readCount == k && carriedCount == k : written == k && readCount == 0 && carriedCount == 0;
    }

    /**
     * Empties the table. Perf: plain loops over what was used, no {@code Arrays.fill} with its range
     * checks: a payload of one class clears one slot of each kind.
     */
    private void clear() {
        stale = false;
        kept = null;
        for (int i = 0; i < written; i++) {
            indexBySerial[serialsUsed[i]] = 0;
        }
        written = 0;
        writtenBits = 0;
        carriedLocal = 0;
        for (int i = 0; i < readCount; i++) {
            read[i] = null;
        }
        readCount = 0;
        for (int i = 0; i < carriedCount; i++) {
            carriedFor[carriedSerials[i]] = null;
        }
        carriedCount = 0;
        foreignCount = 0;
        unknownName = null;
        unknownDef = null;
        forgetPackages(0);
    }

    /** Forgets the packages named from index {@code from} on. */
    private void forgetPackages(int from) {
        for (int i = from; i < packageCount; i++) {
            packages[i] = null;
        }
        packageCount = Math.min(packageCount, from);
    }

    /**
     * Sets the format version of the payload being read (its header says which).
     *
     * @param version {@link #CURRENT_VERSION}, {@link #VERSION_6}, {@link #VERSION_5}, {@link #VERSION_4},
     *                {@link #VERSION_3} or {@link #VERSION_2}
     */
    public void readVersion(int version) {
        this.version = version;
        if (version < VERSION_4) {
            carriedLocal = 0;
        }
    }

    /**
     * Starts reading a payload's defs once its header is read: sets its format version and, when
     * the header names version 5, reads the defs of its {@link Preload} ({@code varint(k)}, then k
     * times a package reference and a def), each numbered as if it had come before an object. A
     * count of 0 followed by {@link Preload#TOKEN_MARK} is version 7, and by
     * {@link Preload#LEB128_TOKEN_MARK} version 6 (whose values are LEB128, which the reader is
     * told): the token, which a reader that gets here does not use, the length of the defs, then
     * the defs, which must take exactly that length. {@link Preload#DEFLATED_MARK} is version 8:
     * the token, the defs' length, their compressed length and the compressed defs
     * ({@link #readDeflated}).
     *
     * @param in      the input, after the header (and a root tag)
     * @param version the format version the header names
     */
    public void readStart(BufferReader in, int version) {
        if (stale) {
            clear();
        }
        readVersion(version);
        if (version != VERSION_5) {
            return;
        }
        int k = readDefCount(in);
        int mark = k == 0 ? in.peekByte() : -1;
        if (mark == Preload.DEFLATED_MARK) {
            in.readByte();
            long token = in.readLongLE();
            readVersion(Preload.VERSION);
            in.valuesInLeb128(false);
            readDeflated(in, token);
            return;
        }
        if (mark == Preload.TOKEN_MARK || mark == Preload.LEB128_TOKEN_MARK) {
            in.readByte();
            in.readLongLE();
            int at = in.position();
            int length = in.readVarUInt();
            int start = in.position();
            if (length < 0 || length > in.remaining()) {
                throw new MalformedInputException("a preload of " + Integer.toUnsignedString(length) + " bytes in "
                        + in.remaining(), at);
            }
            readVersion(mark == Preload.TOKEN_MARK ? Preload.VERSION : Preload.VERSION_6);
            in.valuesInLeb128(mark == Preload.LEB128_TOKEN_MARK);
            readPreload(in, readDefCount(in));
            if (in.position() - start != length) {
                throw new MalformedInputException("a preload said to take " + length + " bytes takes "
                        + (in.position() - start), at);
            }
            return;
        }
        readPreload(in, k);
    }

    /**
     * Reads a compressed preload's lengths and bytes, and its defs from the inflated bytes, each
     * numbered and its package named as if it had come in the payload. The lengths are checked
     * against the bytes left and {@link PreloadCompression}'s bounds before anything is allocated.
     * When the token and the inflated length are those of a compressed preload this instance
     * writes ({@link DefRegistry#ownDeflated}), the compressed bytes are skipped unread and that
     * preload's defs recorded, as {@link #readFirst} does with the exact lead. A failure inside
     * the inflated bytes is reported at the compressed preload's offset, with the offset within
     * the inflated bytes in its message.
     */
    private void readDeflated(BufferReader in, long token) {
        int at = in.position();
        int length = in.readVarUInt();
        int compressed = in.readVarUInt();
        if (compressed <= 0 || compressed > in.remaining() || length <= compressed
                || length > PreloadCompression.MAX_INFLATED || length > (long) PreloadCompression.MAX_RATIO * compressed) {
            throw new MalformedInputException("a compressed preload of " + Integer.toUnsignedString(compressed)
                    + " bytes (" + in.remaining() + " left) said to inflate to " + Integer.toUnsignedString(length)
                    + " (more than the compressed bytes, at most " + PreloadCompression.MAX_RATIO
                    + " times as many, and at most " + PreloadCompression.MAX_INFLATED + ")", at);
        }
        Preload own = registry.ownDeflated(token, length);
        if (own != null && readCount == 0 && packageCount == 0) {
            // Skipped: the defs are this instance's own, as the token says.
            in.openRun(compressed);
            recordRead(own);
            return;
        }
        DefRegistry.Inflated run = registry.inflate(in, compressed, length, at);
        ArrayReader plain = run.reader(registry.limits());
        try {
            readPreload(plain, readDefCount(plain));
            if (plain.remaining() != 0) {
                throw new MalformedInputException("a preload's defs leave " + plain.remaining() + " of its "
                        + length + " bytes", plain.position());
            }
        } catch (MalformedInputException e) {
            throw new MalformedInputException(inInflated(e), at, e);
        } catch (LimitExceededException e) {
            throw new LimitExceededException(inInflated(e), at);
        }
        registry.remember(run);
    }

    /** @return the message of a failure inside an inflated preload, its offset said to be in those bytes */
    private static String inInflated(PeregrineException e) {
        String message = e.getMessage();
        if (e.offset() < 0) {
            return message + ", in the preload inflated from here";
        }
        String suffix = " (at byte offset " + e.offset() + ")";
        if (message.endsWith(suffix)) {
            message = message.substring(0, message.length() - suffix.length());
        }
        return message + ", at byte " + e.offset() + " of the preload inflated from here";
    }

    /** Reads a preload's count of defs, bounded by the bytes left (each def takes two at least). */
    private static int readDefCount(BufferReader in) {
        int at = in.position();
        int k = in.readVarUInt();
        if (k < 0 || k > in.remaining() / 2) {
            throw new MalformedInputException("a preload of " + Integer.toUnsignedString(k) + " class definitions "
                    + "in " + in.remaining() + " bytes", at);
        }
        return k;
    }

    private void readPreload(BufferReader in, int k) {
        for (int i = 0; i < k; i++) {
            readNew(in, readCount, in.position(), null);
        }
    }

    /**
     * @return whether the payload being read carries a class's def at most once in untagged
     *         positions (format version 4 on), so that a run of such values has it before its first
     *         value only
     */
    public boolean carriesUntaggedOnce() {
        return version >= VERSION_4;
    }

    /** @return how many defs and packages this table has written, for {@link #rollBack} */
    public long mark() {
        return mark(packageCount, written);
    }

    /** {@link #mark()} of a table that has written {@code defs} defs and {@code packages} packages. */
    static long mark(int packages, int defs) {
        return (long) packages << 32 | defs;
    }

    /**
     * Forgets the defs and packages written since a {@link #mark}, when the value that wrote them was
     * not sent.
     *
     * @param mark an earlier {@link #mark()}
     */
    public void rollBack(long mark) {
        int defs = (int) mark;
        for (int i = defs; i < written; i++) {
            indexBySerial[serialsUsed[i]] = 0;
            writtenBits &= ~ClassDef.bitOf(serialsUsed[i]);
        }
        written = Math.min(written, defs);
        forgetPackages((int) (mark >>> 32));
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

    /**
     * Records, on an empty writing table, that the defs of {@code preload} have been written
     * ({@link Preload#bytes}).
     *
     * @param preload the root's preload
     * @return false, recording nothing, when the table is not empty (the general path,
     *         {@link #write}, writes the payload); never for a table just {@link #reset}
     */
    public boolean carriedFirst(Preload preload) {
        if (stale) {
            // The table holds the preload recorded for the last payload: kept for the same one.
            if (kept == preload) {
                stale = false;
                return true;
            }
            clear();
        }
        if (written != 0 || packageCount != 0) {
            return false;
        }
        ClassDef root = preload.single;
        if (root == null || root.serial() >= indexBySerial.length) {
            recordWritten(preload);
            return true;
        }
        // Perf: the state define would leave, stored directly (every array holds a first slot); a
        // root's def alone is the usual preload, and a loop here cost DeepObject serialize 3 ns.
        int s = root.serial();
        serialsUsed[0] = s;
        indexBySerial[s] = written = 1;
        writtenBits |= root.bit();
        packages[0] = root.packageName();
        packageCount = 1;
        kept = preload;
        return true;
    }

    /** {@link #carriedFirst} of a preload of several defs, or with arrays too short for it. */
    private void recordWritten(Preload preload) {
        ClassDef[] d = preload.defs;
        if (preload.maxSerial >= indexBySerial.length || d.length > serialsUsed.length) {
            indexBySerial = Arrays.copyOf(indexBySerial, Math.max(preload.maxSerial + 1, indexBySerial.length));
            serialsUsed = Arrays.copyOf(serialsUsed, Math.max(d.length, serialsUsed.length));
        }
        for (int i = 0; i < d.length; i++) {
            int s = d[i].serial();
            serialsUsed[i] = s;
            indexBySerial[s] = i + 1;
            writtenBits |= d[i].bit();
        }
        written = d.length;
        recordPackages(preload);
        kept = preload;
    }

    /** The packages of a preload, named in its order, as the first of an empty table's. */
    private void recordPackages(Preload preload) {
        String[] p = preload.packages;
        if (p.length > packages.length) {
            packages = Arrays.copyOf(packages, p.length);
        }
        System.arraycopy(p, 0, packages, 0, p.length);
        packageCount = p.length;
    }

    /**
     * Reads {@code lead}, the header byte and {@link Preload#bytes} of a root, when the input
     * holds them next and this reading table is empty, and records what reading them one by one
     * would have recorded. The input holds them when it holds the same header, token and length of
     * the defs, and the root's def reference {@code 00} after that length: the defs themselves are
     * taken as this reader's own unread (FORMAT.md, "Compatible format"; SECURITY.md on why that
     * trusts nothing a writer could not send anyway).
     *
     * <p>For a {@link Preload#selfContained} root nothing is recorded: nothing in its payload after
     * them consults the table. Perf: decided here rather than by the caller, whose read of a root
     * stays within C2's limit for inlining a hot method (325 bytecodes) and at its inlining depth
     * (a level more cost compatible Sample decode on JDK 25 about 15 ns).
     *
     * @param in      the input
     * @param lead    the bytes expected
     * @param preload the root's preload
     * @return whether the bytes were read; false, with nothing consumed or recorded, otherwise
     */
    public boolean readFirst(BufferReader in, byte[] lead, Preload preload) {
        int head = preload.head() + 1;
        if (preload.selfContained()) {
            return in.skipIfNext(lead, head);
        }
        if (stale) {
            // The table holds the preload recorded for the last payload: kept for the same one.
            if (kept == preload && in.skipIfNext(lead, head)) {
                stale = false;
                return true;
            }
            clear();
        }
        ClassDef root = preload.single;
        if (root == null) {
            return readAll(in, lead, head, preload);
        }
        int s = root.serial();
        if (readCount != 0 || packageCount != 0 || s >= carriedFor.length || !in.skipIfNext(lead, head)) {
            return false;
        }
        // Perf: the state readNew would leave, stored directly (every array holds a first slot).
        version = Preload.VERSION;
        packages[0] = root.packageName();
        packageCount = 1;
        read[0] = root;
        readCount = 1;
        carriedFor[s] = root;
        carriedSerials[0] = s;
        carriedCount = 1;
        carriedLocal |= root.bit();
        kept = preload;
        return true;
    }

    /** {@link #readFirst} of a preload of several defs. */
    private boolean readAll(BufferReader in, byte[] lead, int head, Preload preload) {
        if (readCount != 0 || packageCount != 0 || !in.skipIfNext(lead, head)) {
            return false;
        }
        recordRead(preload);
        return true;
    }

    /** The state reading a preload's defs one by one leaves on an empty table, stored directly. */
    private void recordRead(Preload preload) {
        ClassDef[] d = preload.defs;
        if (preload.maxSerial >= carriedFor.length || d.length > read.length || d.length > carriedSerials.length) {
            carriedFor = Arrays.copyOf(carriedFor, Math.max(preload.maxSerial + 1, carriedFor.length));
            read = Arrays.copyOf(read, Math.max(d.length, read.length));
            carriedSerials = Arrays.copyOf(carriedSerials, Math.max(d.length, carriedSerials.length));
        }
        version = Preload.VERSION;
        for (int i = 0; i < d.length; i++) {
            ClassDef def = d[i];
            int s = def.serial();
            read[i] = def;
            carriedFor[s] = def;
            carriedSerials[i] = s;
            carriedLocal |= def.bit();
        }
        readCount = carriedCount = d.length;
        recordPackages(preload);
        kept = preload;
    }

    /**
     * Writes the reference to a local def in an untagged position: nothing once the def has been
     * carried, else the def itself, as {@link #write} would.
     *
     * @param out the output
     * @param def a local def
     */
    public void writeUntagged(BufferWriter out, ClassDef def) {
        if ((writtenBits & def.bit()) == 0) {
            writeUntaggedIndexed(out, def);
        }
    }

    /** {@link #writeUntagged} asked of the table's arrays: a serial of 64 or more, or a def not written yet. */
    private void writeUntaggedIndexed(BufferWriter out, ClassDef def) {
        int s = def.serial();
        if (s >= indexBySerial.length || indexBySerial[s] == 0) {
            define(out, def);
        }
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
        writtenBits |= def.bit();
        out.writeVarUInt(written - 1);
        // Perf: a new package's name and the def go out as one precomputed run of bytes.
        int p = packageIndex(def.packageName());
        byte[] bytes;
        if (p < 0) {
            out.writeVarUInt(packageCount);
            addPackage(def.packageName());
            bytes = def.encodedWithPackage();
        } else {
            out.writeVarUInt(p);
            bytes = def.encoded();
        }
        out.writeBytes(bytes, 0, bytes.length);
    }

    /** @return the index of a local (interned) package name written so far, or -1 */
    private int packageIndex(String name) {
        for (int i = 0; i < packageCount; i++) {
            if (packages[i] == name) {
                return i;
            }
        }
        return -1;
    }

    private void addPackage(String name) {
        if (packageCount == packages.length) {
            packages = Arrays.copyOf(packages, packageCount * 2);
        }
        packages[packageCount++] = name;
    }

    /**
     * Reads the package a package reference names, and the name when it is new.
     *
     * @param p  the reference, already read
     * @param at its payload offset
     */
    private String readPackage(BufferReader in, int p, int at) {
        if (p >= 0 && p < packageCount) {
            return packages[p];
        }
        if (p != packageCount) {
            throw new MalformedInputException("package " + Integer.toUnsignedString(p) + " is referenced before "
                    + "it is named (" + packageCount + " so far)", at);
        }
        String name = in.readString();
        if (name.length() > ClassDef.MAX_PACKAGE_CHARS) {
            throw new LimitExceededException("package name of " + name.length() + " chars exceeds the "
                    + "limit of " + ClassDef.MAX_PACKAGE_CHARS, at);
        }
        addPackage(name);
        return name;
    }

    /**
     * Writes the def reference of an enum whose ordinals follow (in an {@code EnumSet} or
     * {@code EnumMap}).
     *
     * @param out  the output
     * @param type the enum
     */
    public void writeEnum(BufferWriter out, Class<?> type) {
        write(out, localEnum(type));
    }

    /**
     * The registry's local def of an enum of an {@code EnumSet} or {@code EnumMap}. Perf: the last
     * one met is remembered (a registry's local def of a class never changes, so it outlives the
     * payload); the registry's map lookup was 4 % of compatible Car serialize, whose one
     * {@code EnumSet} asks every payload.
     */
    private ClassDef localEnum(Class<?> type) {
        ClassDef def = lastEnumDef;
        if (def == null || def.local() != type) {
            def = registry.local(type);
            lastEnumDef = def;
        }
        return def;
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
        ClassDef local = localEnum(type);
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
     * it is new. Perf: a new def (and a new package name) is first compared in place with the
     * expected local def, the usual case, which costs no copy, hash or lookup.
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
        return readNew(in, n, at, expected);
    }

    /**
     * Reads what {@link #writeUntagged} wrote where this reader expects a value of a class it has:
     * nothing when the writer has carried a def of the class (by name) in this payload or stream,
     * else a reference to a new def, which must be of that class.
     *
     * @param in       the input
     * @param expected the reader's own def of the class the position names
     * @return the writer's def of the class: {@code expected} itself when it had the same version
     */
    public ClassDef readUntagged(BufferReader in, ClassDef expected) {
        if ((carriedLocal & expected.bit()) != 0) {
            return expected;
        }
        if (version < VERSION_4) {
            return read(in, expected);
        }
        int s = expected.serial();
        if (s < carriedFor.length) {
            ClassDef def = carriedFor[s];
            if (def != null) {
                return def;
            }
        }
        // Perf: while every def read is a local one, each is in carriedFor already, so a miss means
        // a new def follows; only a payload with foreign defs is searched by name.
        ClassDef def = foreignCount == 0 ? readDue(in, expected.packageName(), expected.simpleName(), expected)
                : untagged(in, expected.packageName(), expected.simpleName(), expected);
        if (def != expected) {
            markCarried(s, def);
        }
        return def;
    }

    private void markCarried(int serial, ClassDef def) {
        if (serial >= carriedFor.length) {
            carriedFor = Arrays.copyOf(carriedFor, Math.max(serial + 1, carriedFor.length * 2));
        }
        if (carriedCount == carriedSerials.length) {
            carriedSerials = Arrays.copyOf(carriedSerials, carriedCount * 2);
        }
        carriedSerials[carriedCount++] = serial;
        carriedFor[serial] = def;
        if (def.serial() == serial && version >= VERSION_4) {
            carriedLocal |= def.bit();
        }
    }

    /**
     * {@link #readUntagged(BufferReader, ClassDef)} where this reader does not have the class: for
     * dropping its value.
     *
     * @param in   the input
     * @param name the class name the writer declared for the position
     * @return the writer's def of the class
     */
    public ClassDef readUntagged(BufferReader in, String name) {
        if (version < VERSION_4) {
            return read(in);
        }
        // A list of such values asks once per element with the same name: one scan, not one each
        // (the bodies may be empty, so a hostile run could otherwise cost a scan per element).
        if (name == unknownName) {
            return unknownDef;
        }
        int dot = name.lastIndexOf('.');
        ClassDef def = untagged(in, dot < 0 ? "" : name.substring(0, dot), name.substring(dot + 1), null);
        unknownName = name;
        unknownDef = def;
        return def;
    }

    /**
     * The def carried for the class named, or the new one that must follow. Perf: a scan of the
     * defs read, at most once per class and payload (or stream), comparing names in parts.
     */
    private ClassDef untagged(BufferReader in, String packageName, String simpleName, ClassDef expected) {
        for (int i = 0; i < readCount; i++) {
            ClassDef d = read[i];
            if (d == expected || d.isNamed(packageName, simpleName)) {
                return d;
            }
        }
        return readDue(in, packageName, simpleName, expected);
    }

    /** Reads the reference to a new def, and the def, which must be of the class named. */
    private ClassDef readDue(BufferReader in, String packageName, String simpleName, ClassDef expected) {
        int at = in.position();
        int n = in.readVarUInt();
        if (n != readCount) {
            throw new MalformedInputException("class definition reference " + Integer.toUnsignedString(n)
                    + " where the new definition of " + fullName(packageName, simpleName) + " was due ("
                    + readCount + " so far)", at);
        }
        ClassDef def = readNew(in, n, at, expected);
        if (def != expected && !def.isNamed(packageName, simpleName)) {
            throw new MalformedInputException("a definition of " + def.name() + " where one of "
                    + fullName(packageName, simpleName) + " was due", at);
        }
        return def;
    }

    private static String fullName(String packageName, String simpleName) {
        return packageName.isEmpty() ? simpleName : packageName + "." + simpleName;
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
        return readNew(in, n, at, null);
    }

    /**
     * Perf: the usual case, the expected class's package and def, compared in place: with a new
     * package as one run of bytes, else the def after one comparison of package names. Consumes
     * nothing when it answers false.
     */
    private boolean readsExpected(BufferReader in, int p, ClassDef expected) {
        if (p == packageCount) {
            if (in.skipIfNext(expected.encodedWithPackage())) {
                addPackage(expected.packageName());
                return true;
            }
            return false;
        }
        return p >= 0 && p < packageCount && expected.packageName().equals(packages[p])
                && in.skipIfNext(expected.encoded());
    }

    private ClassDef readNew(BufferReader in, int n, int at, ClassDef expected) {
        if (n != readCount) {
            throw new MalformedInputException("class definition " + Integer.toUnsignedString(n)
                    + " is referenced before it is defined (" + readCount + " so far)", at);
        }
        if (version == VERSION_2) {
            return remember(registry.readV2(in));
        }
        int packageAt = in.position();
        int p = in.readVarUInt();
        if (expected != null && readsExpected(in, p, expected)) {
            return remember(expected);
        }
        return remember(registry.read(in, readPackage(in, p, packageAt)));
    }

    private ClassDef remember(ClassDef def) {
        if (readCount >= MAX_DEFS) {
            throw new LimitExceededException("more than " + MAX_DEFS + " class definitions in one "
                    + "payload or stream", -1);
        }
        if (readCount == read.length) {
            read = Arrays.copyOf(read, readCount * 2);
        }
        read[readCount++] = def;
        if (def.serial() >= 0) {
            markCarried(def.serial(), def);
        } else {
            foreignCount++;
        }
        return def;
    }
}
