package dev.peregrine.compat;

import dev.peregrine.LimitExceededException;
import dev.peregrine.MalformedInputException;
import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.codec.Limits;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The def table's references and its bound, on hand-made bytes. */
class DefTableTest {
    /** A def body: kind 0 (class), name "a" (one six-bit code), no fields; with its length prefix. */
    private static final byte[] TINY_DEF = {4, 0, 3, 0, 0};

    /** Defs of class "a" in the unnamed package, which the first one names (package 0, string ""). */
    private static void writeDefs(BufferWriter out, int count) {
        for (int i = 0; i < count; i++) {
            out.writeVarUInt(i);
            out.writeVarUInt(0);
            if (i == 0) {
                out.writeString("");
            }
            out.writeBytes(TINY_DEF, 0, TINY_DEF.length);
        }
    }

    @Test
    void referencesReturnDefsAlreadyRead() {
        BufferWriter out = BufferWriter.growable(32);
        writeDefs(out, 1);
        out.writeVarUInt(0);
        DefTable table = new DefTable(new DefRegistry(Limits.DEFAULT));
        ArrayReader in = new ArrayReader(out.toByteArray(), 0, out.size());
        ClassDef first = table.read(in);
        assertSame(first, table.read(in));
    }

    @Test
    void aReferencePastTheNextDefIsMalformed() {
        DefTable table = new DefTable(new DefRegistry(Limits.DEFAULT));
        assertThrows(MalformedInputException.class, () -> table.read(new ArrayReader(new byte[] {1}, 0, 1)));
    }

    @Test
    void aPackageReferencedBeforeItIsNamedIsMalformed() {
        DefTable table = new DefTable(new DefRegistry(Limits.DEFAULT));
        MalformedInputException e = assertThrows(MalformedInputException.class,
                () -> table.read(new ArrayReader(new byte[] {0, 1}, 0, 2)));
        assertTrue(e.getMessage().contains("package 1 is referenced before it is named"), e.getMessage());
    }

    @Test
    void aVersion2DefStandsForTheSameVersion3Def() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        DefTable v3 = new DefTable(registry);
        BufferWriter out = BufferWriter.growable(32);
        writeDefs(out, 1);
        ClassDef current = v3.read(new ArrayReader(out.toByteArray(), 0, out.size()));
        DefTable v2 = new DefTable(registry);
        v2.readVersion(DefTable.VERSION_2);
        // version 2: def-ref 0, then the def: length 4, kind 0, name "a" as a string, no fields
        ClassDef old = v2.read(new ArrayReader(new byte[] {0, 4, 0, 4, 'a', 0}, 0, 6));
        assertSame(current, old);
        assertEquals("a", old.name());
    }

    @Test
    void aRolledBackValueForgetsThePackagesItNamed() {
        assertArrayEquals(new byte[] {0}, writeRolledBackThenAgain(DefTable::write));
    }

    @Test
    void aRolledBackValueForgetsTheDefsItCarriedInUntaggedPositions() {
        assertArrayEquals(new byte[0], writeRolledBackThenAgain(DefTable::writeUntagged));
    }

    /** {@link DefTable#write} or {@link DefTable#writeUntagged}. */
    private interface DefWrite {
        void write(DefTable table, BufferWriter out, ClassDef def);
    }

    /**
     * Writes a def by {@code write} into a value that is then rolled back, and again: the second
     * write must give the same bytes as the first.
     *
     * @return what a third write gives
     */
    private static byte[] writeRolledBackThenAgain(DefWrite write) {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        ClassDef def = registry.local(Sample.class);
        DefTable table = new DefTable(registry);
        BufferWriter[] outs = {BufferWriter.growable(64), BufferWriter.growable(64), BufferWriter.growable(8)};
        long mark = table.mark();
        write.write(table, outs[0], def);
        table.rollBack(mark);
        write.write(table, outs[1], def);
        assertTrue(outs[0].size() > 0);
        assertArrayEquals(outs[0].toByteArray(), outs[1].toByteArray());
        write.write(table, outs[2], def);
        return outs[2].toByteArray();
    }

    @Test
    void aRootsPreloadIsItsTokenThenTheDefWriteGivesAnEmptyTable() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        ClassDef def = registry.local(Sample.class);
        BufferWriter general = BufferWriter.growable(64);
        DefTable table = new DefTable(registry);
        table.write(general, def);
        Preload preload = Preload.of(def, c -> null);
        // the general write is def-ref 0 (new), then the package and the def; the preload counts one
        // def, then the same package and def
        byte[] defs = general.toByteArray();
        assertEquals(0, defs[0]);
        defs[0] = 1;
        assertArrayEquals(PreloadBytes.tokenThen(defs), preload.bytes());
        assertEquals(11, preload.head());
        assertEquals(5, preload.headerVersion());
        // a table that has written anything refuses to record the run
        assertFalse(table.carriedFirst(preload));
        table.reset();
        assertTrue(table.carriedFirst(preload));
        BufferWriter reference = BufferWriter.growable(8);
        table.write(reference, def);
        assertArrayEquals(new byte[] {0}, reference.toByteArray());
    }

    @Test
    void aReadOfTheFirstDefRunConsumesNothingUnlessItMatchesAnEmptyTable() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        ClassDef def = registry.local(Chain.class);
        Preload preload = Preload.of(def, c -> null);
        byte[] first = preload.bytes();
        DefTable table = new DefTable(registry);
        byte[] other = first.clone();
        other[other.length - 1] ^= 1;
        ArrayReader mismatch = new ArrayReader(other, 0, other.length);
        assertFalse(table.readFirst(mismatch, first, preload));
        assertEquals(0, mismatch.position());
        byte[] twice = new byte[2 * first.length];
        System.arraycopy(first, 0, twice, 0, first.length);
        System.arraycopy(first, 0, twice, first.length, first.length);
        ArrayReader in = new ArrayReader(twice, 0, twice.length);
        assertTrue(table.readFirst(in, first, preload));
        assertEquals(first.length, in.position());
        // once a def is read the table is not empty; the def is now reference 0
        assertFalse(table.readFirst(in, first, preload));
        assertEquals(first.length, in.position());
        assertSame(def, table.read(new ArrayReader(new byte[] {0}, 0, 1), def));
    }

    @Test
    void aVersion2DefOfAnUnchangedClassIsTheLocalDef() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        ClassDef local = registry.local(Sample.class);
        BufferWriter body = BufferWriter.growable(64);
        body.writeByte(0);
        body.writeString(Sample.class.getName());
        body.writeVarUInt(1);
        body.writeVarUInt(0);
        body.writeString("x");
        body.writeByte(dev.peregrine.type.FieldKind.INT.ordinal());
        BufferWriter payload = BufferWriter.growable(64);
        payload.writeVarUInt(0);
        payload.writeVarUInt(body.size());
        payload.writeBytes(body.array(), 0, body.size());
        DefTable table = new DefTable(registry);
        table.readVersion(DefTable.VERSION_2);
        ClassDef read = table.read(new ArrayReader(payload.toByteArray(), 0, payload.size()));
        assertSame(local, read);
    }

    @Test
    void parsedDefsShareTheirPayloadsPackageName() {
        BufferWriter out = BufferWriter.growable(64);
        out.writeVarUInt(0);
        out.writeVarUInt(0);
        out.writeString("com.example");
        out.writeBytes(TINY_DEF, 0, TINY_DEF.length);
        out.writeVarUInt(1);
        out.writeVarUInt(0);
        out.writeBytes(new byte[] {4, 0, 3, 1, 0}, 0, 5);
        DefTable table = new DefTable(new DefRegistry(Limits.DEFAULT));
        ArrayReader in = new ArrayReader(out.toByteArray(), 0, out.size());
        ClassDef a = table.read(in);
        ClassDef b = table.read(in);
        assertEquals("com.example.a", a.name());
        assertEquals("com.example.b", b.name());
        assertSame(a.packageName(), b.packageName());
    }

    @Test
    void aPackageNamePastTheBoundIsRefused() {
        BufferWriter out = BufferWriter.growable(2048);
        out.writeVarUInt(0);
        out.writeVarUInt(0);
        out.writeString("p".repeat(ClassDef.MAX_PACKAGE_CHARS + 1));
        out.writeBytes(TINY_DEF, 0, TINY_DEF.length);
        DefTable table = new DefTable(new DefRegistry(Limits.DEFAULT));
        assertThrows(LimitExceededException.class,
                () -> table.read(new ArrayReader(out.toByteArray(), 0, out.size())));
    }

    @Test
    void aTaggedFieldWithoutAValidTagIsMalformed() {
        // def: kind 0, name "a", 1 field: head 0x26 (int, tagged), tag varint 0xFFFFFFFF (-1), name "b"
        byte[] def = {0, 3, 0, 1, 0x26, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F, 3, 1};
        BufferWriter out = BufferWriter.growable(32);
        out.writeVarUInt(0);
        out.writeVarUInt(0);
        out.writeString("");
        out.writeVarUInt(def.length);
        out.writeBytes(def, 0, def.length);
        DefTable table = new DefTable(new DefRegistry(Limits.DEFAULT));
        assertThrows(MalformedInputException.class,
                () -> table.read(new ArrayReader(out.toByteArray(), 0, out.size())));
    }

    /** A class to make a local def of; self-contained (an int field only). */
    static final class Sample {
        int x;
    }

    /** A class whose objects may carry defs: not self-contained. */
    static final class Chain {
        int x;
        Chain next;
    }

    @Test
    void aSelfContainedRootsFirstDefRunIsRecognisedByItsTokenAndNotRecorded() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        ClassDef def = registry.local(Sample.class);
        assertTrue(def.selfContained());
        Preload preload = Preload.of(def, c -> null);
        assertTrue(preload.selfContained());
        byte[] first = preload.bytes();
        DefTable table = new DefTable(registry);
        // another root def-ref, token or length: not taken
        for (int at : new int[] {first.length - 1, 2, 9, 10}) {
            byte[] other = first.clone();
            other[at] ^= 1;
            assertFalse(table.readFirst(new ArrayReader(other, 0, other.length), first, preload), "byte " + at);
        }
        // the same token and length: the defs are taken unread (FORMAT.md, SECURITY.md)
        byte[] sameToken = first.clone();
        sameToken[preload.head() + 3] ^= 1;
        assertTrue(table.readFirst(new ArrayReader(sameToken, 0, sameToken.length), first, preload));
        ArrayReader in = new ArrayReader(first, 0, first.length);
        assertTrue(table.readFirst(in, first, preload));
        assertEquals(first.length, in.position());
        // nothing recorded: the table is still empty, so the next def read is a new one
        BufferWriter general = BufferWriter.growable(64);
        new DefTable(registry).write(general, def);
        ArrayReader again = new ArrayReader(general.toByteArray(), 0, general.size());
        assertSame(def, table.read(again, def));
        assertEquals(general.size(), again.position());
    }

    enum Shade { DARK, LIGHT }

    static final class Part {
        int n;
    }

    /** Holds Part and Shade with no tag (a field, a list's elements, a map's values), and a Chain. */
    static final class Whole {
        Part part;
        java.util.List<Part> parts;
        Shade shade;
        java.util.Map<String, Shade> byName;
        Chain chain;
    }

    /**
     * The preload of Whole when Part and Shade are the classes held untagged, in version 7's
     * layout (uncompressed), whose bytes the tests below take apart.
     */
    private static Preload wholePreload(DefRegistry registry) {
        return Preload.of(registry.local(Whole.class),
                c -> c == Part.class || c == Shade.class ? registry.local(c) : null, false);
    }

    /** {@link #wholePreload}, compressed (version 8) where that saves enough. */
    private static Preload compressedWholePreload(DefRegistry registry) {
        return Preload.of(registry.local(Whole.class),
                c -> c == Part.class || c == Shade.class ? registry.local(c) : null);
    }

    @Test
    void aCompressedPreloadIsReadAsItsDefs() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        Preload preload = compressedWholePreload(registry);
        byte[] bytes = preload.bytes();
        assertEquals(8, bytes[1]);
        Preload packed = wholePreload(registry);
        assertTrue(bytes.length + 16 <= packed.bytes().length, bytes.length + " against " + packed.bytes().length);
        // read twice (the second time from the registry's cache of inflated runs)
        for (int round = 0; round < 2; round++) {
            // the defs inflated are the local ones (found by their names-as-strings bytes)
            assertReadsWholeAndPart(registry, bytes);
        }
        // a reader whose own preload is this one takes it by its head, unread
        byte[] lead = withHeader(bytes);
        DefTable reader = new DefTable(registry);
        ArrayReader in = new ArrayReader(lead, 0, lead.length);
        assertTrue(reader.readFirst(in, lead, preload));
        assertEquals(lead.length, in.position());
    }

    @Test
    void anOwnCompressedPreloadIsTakenByTokenAndLengthWhateverItsCompressedBytes() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        Preload preload = compressedWholePreload(registry);
        byte[] bytes = preload.bytes();
        int[] at = {10};
        int length = PreloadBytes.leb(bytes, at);
        int compressed = PreloadBytes.leb(bytes, at);
        // the same defs compressed otherwise (as another zlib build might): a run of other bytes
        byte[] plain = PreloadBytes.deflated(withHeader(bytes)).plain();
        java.util.zip.Deflater huffman = new java.util.zip.Deflater(java.util.zip.Deflater.DEFAULT_COMPRESSION, true);
        huffman.setStrategy(java.util.zip.Deflater.HUFFMAN_ONLY);
        huffman.setInput(plain);
        huffman.finish();
        byte[] other = new byte[plain.length + 64];
        int n = 0;
        while (!huffman.finished()) {
            n += huffman.deflate(other, n, other.length - n);
        }
        other = Arrays.copyOf(other, n);
        huffman.end();
        assertTrue(other.length != compressed && other.length < length, other.length + " against " + compressed);
        byte[] otherRun = lead(bytes, length, other.length, other);
        // a reader that does not write this preload inflates the run; one that does skips it
        for (boolean owns : new boolean[] {false, true}) {
            if (owns) {
                registry.own(preload);
            }
            byte[] input = owns ? lead(bytes, length, other.length, new byte[other.length]) : otherRun;
            assertReadsWholeAndPart(registry, input);
        }
        // the owner's zeros are no DEFLATE run: only the token and length let them through
        byte[] zeros = lead(bytes, length, other.length, new byte[other.length]);
        assertMalformed(new DefRegistry(Limits.DEFAULT), zeros, "compressed preload");
    }

    @Test
    void inflatedRunsAreKnownByTheirBytesNotByTheToken() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        byte[] whole = compressedWholePreload(registry).bytes();
        // other defs (Chain's too) behind Whole's token, read before and after Whole's own
        Preload every = Preload.of(registry.local(Whole.class),
                c -> c == Part.class || c == Shade.class || c == Chain.class ? registry.local(c) : null, false);
        byte[] everyPlain = Arrays.copyOfRange(every.bytes(), every.head(), every.bytes().length - 1);
        byte[] everyRun = PreloadCompression.deflate(everyPlain);
        byte[] forged = lead(whole, everyPlain.length, everyRun.length, everyRun);
        for (byte[] input : new byte[][] {forged, whole, forged, whole}) {
            DefTable table = new DefTable(registry);
            table.readStart(new ArrayReader(input, 0, input.length), DefTable.VERSION_5);
            ArrayReader nothing = new ArrayReader(new byte[0], 0, 0);
            if (input == forged) {
                assertSame(registry.local(Chain.class), table.readUntagged(nothing, registry.local(Chain.class)));
            } else {
                // Whole's preload has no def of Chain, so one must follow
                assertThrows(MalformedInputException.class, () -> table.readUntagged(nothing, registry.local(Chain.class)));
            }
        }
    }

    @Test
    void aCompressedPreloadOutsideItsBoundsIsRefusedBeforeInflating() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        byte[] bytes = compressedWholePreload(registry).bytes();
        int[] at = {10};
        int length = PreloadBytes.leb(bytes, at);
        int compressed = PreloadBytes.leb(bytes, at);
        int start = at[0];
        assertEquals(bytes.length - 1, start + compressed);
        byte[] run = Arrays.copyOfRange(bytes, start, start + compressed);
        String bound = "(more than the compressed bytes";
        // inflating to more than 8 times the compressed bytes, to no more than them: malformed
        for (int claimed : new int[] {8 * compressed + 1, compressed, compressed - 1}) {
            assertMalformed(registry, lead(bytes, claimed, compressed, run), "said to inflate to " + claimed + " " + bound);
        }
        // more than 1 MiB, from enough compressed bytes that the ratio allows it
        int big = (1 << 20) / 8 + 1;
        assertMalformed(registry, lead(bytes, (1 << 20) + 1, big, new byte[big]), "said to inflate to 1048577 " + bound);
        // compressed bytes past the payload's end, or none
        byte[] cut = Arrays.copyOf(bytes, start + compressed / 2);
        assertMalformed(registry, cut, "a compressed preload of " + compressed + " bytes (" + compressed / 2 + " left)");
        assertMalformed(registry, lead(bytes, length, 0, new byte[] {0}), "a compressed preload of 0 bytes (");
    }

    @Test
    void aCompressedPreloadMustInflateToExactlyItsDefs() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        byte[] bytes = compressedWholePreload(registry).bytes();
        int[] at = {10};
        int length = PreloadBytes.leb(bytes, at);
        int compressed = PreloadBytes.leb(bytes, at);
        byte[] run = Arrays.copyOfRange(bytes, at[0], at[0] + compressed);
        // said to inflate to one byte fewer or more than it does
        assertMalformed(registry, lead(bytes, length - 1, compressed, run), "does not");
        assertMalformed(registry, lead(bytes, length + 1, compressed, run), "does not");
        // a run that is not DEFLATE (block type 3 is reserved)
        byte[] garbage = run.clone();
        garbage[0] = (byte) 0x07;
        assertMalformed(registry, lead(bytes, length, compressed, garbage), "compressed preload");
        // the run followed by a byte it does not use
        byte[] longer = Arrays.copyOf(run, run.length + 1);
        assertMalformed(registry, lead(bytes, length, compressed + 1, longer), "left over");
        // a run of defs that are themselves malformed: a count of 3 defs where the bytes hold one
        // (package 0 named "", then a def of a class named with 60 a's and no fields)
        BufferWriter one = BufferWriter.growable(80);
        one.writeBytes(new byte[] {0x03, 0x00, 0x00, 65, 0, 0}, 0, 6);
        one.writeString("a".repeat(60));
        one.writeByte(0);
        byte[] defs = one.toByteArray();
        byte[] deflated = PreloadCompression.deflate(defs);
        MalformedInputException e = assertMalformed(registry, lead(bytes, defs.length, deflated.length, deflated),
                "of the preload inflated from here");
        assertEquals(10, e.offset());
    }

    /** 00 08, {@code bytes}' token, the lengths given, the run given, the root's reference 0. */
    private static byte[] lead(byte[] bytes, int length, int compressed, byte[] run) {
        BufferWriter out = BufferWriter.growable(run.length + 32);
        out.writeBytes(bytes, 0, 10);
        out.writeVarUInt(length);
        out.writeVarUInt(compressed);
        out.writeBytes(run, 0, run.length);
        out.writeByte(0);
        return out.toByteArray();
    }

    private static MalformedInputException assertMalformed(DefRegistry registry, byte[] bad, String says) {
        MalformedInputException e = assertThrows(MalformedInputException.class,
                () -> new DefTable(registry).readStart(new ArrayReader(bad, 0, bad.length), DefTable.VERSION_5));
        assertTrue(e.getMessage().contains(says), e.getMessage());
        return e;
    }


    @Test
    void aPreloadIsReadAsItsDefsOneByOne() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        Preload preload = wholePreload(registry);
        assertFalse(preload.selfContained());
        byte[] bytes = preload.bytes();
        // the token and length, three defs (Whole first, then Part and Shade in the order the fields
        // meet them), then the root's reference 0
        assertEquals(3, bytes[preload.head()]);
        assertSame(registry.local(Whole.class), preload.defs[0]);
        byte shade = (byte) java.util.Arrays.asList(preload.defs).indexOf(registry.local(Shade.class));
        assertEquals(0, bytes[bytes.length - 1]);
        DefTable table = assertReadsWholeAndPart(registry, bytes);
        assertSame(registry.local(Shade.class), table.read(new ArrayReader(new byte[] {shade}, 0, 1),
                registry.local(Shade.class)));
    }

    @Test
    void aPreloadIsRecordedAsWrittenAndAsRead() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        Preload preload = wholePreload(registry);
        DefTable writer = new DefTable(registry);
        assertTrue(writer.carriedFirst(preload));
        BufferWriter out = BufferWriter.growable(64);
        writer.writeUntagged(out, registry.local(Part.class));
        assertEquals(0, out.size());
        writer.write(out, registry.local(Shade.class));
        // a class not preloaded is defined where it first sits: def 3, in the package already named
        writer.writeUntagged(out, registry.local(Chain.class));
        byte[] written = out.toByteArray();
        byte shade = (byte) java.util.Arrays.asList(preload.defs).indexOf(registry.local(Shade.class));
        assertArrayEquals(new byte[] {shade, 3, 0}, java.util.Arrays.copyOf(written, 3));

        byte[] bytes = preload.bytes();
        byte[] lead = withHeader(bytes);
        byte[] payload = java.util.Arrays.copyOf(lead, lead.length + written.length);
        System.arraycopy(written, 0, payload, lead.length, written.length);
        DefTable reader = new DefTable(registry);
        ArrayReader in = new ArrayReader(payload, 0, payload.length);
        assertTrue(reader.readFirst(in, lead, preload));
        assertEquals(lead.length, in.position());
        assertTrue(reader.carriesUntaggedOnce());
        assertSame(registry.local(Part.class), reader.readUntagged(in, registry.local(Part.class)));
        assertSame(registry.local(Shade.class), reader.read(in, registry.local(Shade.class)));
        assertSame(registry.local(Chain.class), reader.readUntagged(in, registry.local(Chain.class)));
        assertEquals(payload.length, in.position());
    }

    @Test
    void aTableHoldingOnlyARecordedPreloadKeepsItForTheNextPayloadOfThatPreloadAlone() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        Preload preload = wholePreload(registry);
        byte[] bytes = preload.bytes();
        byte[] lead = withHeader(bytes);
        ClassDef part = registry.local(Part.class);
        ClassDef chain = registry.local(Chain.class);
        ArrayReader none = new ArrayReader(new byte[0], 0, 0);
        DefTable table = new DefTable(registry);
        assertTrue(table.readFirst(new ArrayReader(lead, 0, lead.length), lead, preload));
        // kept through a reset: Part is carried with no byte read
        table.reset();
        assertTrue(table.readFirst(new ArrayReader(lead, 0, lead.length), lead, preload));
        assertSame(part, table.readUntagged(none, part));
        // a def read after the preload (Chain's, def 3 in the package already named): a reset empties
        // the table, and the next payload's preload is recorded afresh, without it
        byte[] chainDef = defAfter(registry, preload, chain);
        assertSame(chain, table.readUntagged(new ArrayReader(chainDef, 0, chainDef.length), chain));
        table.reset();
        assertTrue(table.readFirst(new ArrayReader(lead, 0, lead.length), lead, preload));
        assertThrows(MalformedInputException.class, () -> table.readUntagged(none, chain));
        // another payload's lead after a reset: nothing consumed, and the general path's
        // readStart starts from an empty table (a def-ref 0 then brings a new def)
        table.reset();
        byte[] other = lead.clone();
        other[3] ^= 1;
        ArrayReader mismatch = new ArrayReader(other, 0, other.length);
        assertFalse(table.readFirst(mismatch, lead, preload));
        assertEquals(0, mismatch.position());
        table.reset();
        table.readStart(none, DefTable.VERSION_4);
        assertThrows(MalformedInputException.class, () -> table.readUntagged(none, part));
    }

    @Test
    void aWritingTableHoldingOnlyARecordedPreloadKeepsItForTheNextPayloadOfThatPreloadAlone() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        Preload preload = wholePreload(registry);
        ClassDef part = registry.local(Part.class);
        ClassDef chain = registry.local(Chain.class);
        byte[] chainDef = defAfter(registry, preload, chain);
        DefTable table = new DefTable(registry);
        assertTrue(table.carriedFirst(preload));
        table.reset();
        // kept: Part needs nothing, Chain is defined where it first sits
        assertTrue(table.carriedFirst(preload));
        BufferWriter out = BufferWriter.growable(64);
        table.writeUntagged(out, part);
        assertEquals(0, out.size());
        table.writeUntagged(out, chain);
        assertArrayEquals(chainDef, out.toByteArray());
        // Chain's def written: a reset empties the table, so the next payload defines it again
        table.reset();
        assertTrue(table.carriedFirst(preload));
        BufferWriter again = BufferWriter.growable(64);
        table.writeUntagged(again, chain);
        assertArrayEquals(chainDef, again.toByteArray());
        // another root's preload after a reset: recorded afresh, Whole's defs forgotten
        table.reset();
        Preload other = Preload.of(chain, c -> null);
        assertTrue(table.carriedFirst(other));
        BufferWriter third = BufferWriter.growable(64);
        table.write(third, chain);
        assertArrayEquals(new byte[] {0}, third.toByteArray());
        table.writeUntagged(third, part);
        assertEquals(1, third.toByteArray()[1]);
    }

    @Test
    void enumsOfSetsAndMapsAreTheRegistrysLocalDefsWhicheverCameLast() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        DefTable table = new DefTable(registry);
        DefTable general = new DefTable(registry);
        BufferWriter out = BufferWriter.growable(256);
        BufferWriter want = BufferWriter.growable(256);
        for (Class<?> e : List.of(Shade.class, java.time.DayOfWeek.class, Shade.class, Shade.class,
                java.time.DayOfWeek.class)) {
            table.writeEnum(out, e);
            general.write(want, registry.local(e));
        }
        assertArrayEquals(want.toByteArray(), out.toByteArray());
        DefTable reader = new DefTable(registry);
        ArrayReader in = new ArrayReader(out.toByteArray(), 0, out.size());
        Shade[] shades = Shade.values();
        java.time.DayOfWeek[] days = java.time.DayOfWeek.values();
        assertSame(shades, reader.readEnum(in, Shade.class, shades));
        assertSame(days, reader.readEnum(in, java.time.DayOfWeek.class, days));
        assertSame(shades, reader.readEnum(in, Shade.class, shades));
        assertSame(shades, reader.readEnum(in, Shade.class, shades));
        assertSame(days, reader.readEnum(in, java.time.DayOfWeek.class, days));
        assertEquals(out.size(), in.position());
    }

    @Test
    void aStaleTableIsEmptiedByAnyOtherFirstUse() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        Preload whole = wholePreload(registry);
        Preload chainOnly = Preload.of(registry.local(Chain.class), c -> null);
        ClassDef part = registry.local(Part.class);
        ArrayReader none = new ArrayReader(new byte[0], 0, 0);
        // writing: another preload's carriedFirst right after a reset that kept Whole's
        DefTable writer = new DefTable(registry);
        assertTrue(writer.carriedFirst(whole));
        writer.reset();
        assertTrue(writer.carriedFirst(chainOnly));
        BufferWriter out = BufferWriter.growable(64);
        writer.writeUntagged(out, part);
        assertEquals(1, out.toByteArray()[0], "Part is defined anew, as def 1");
        // reading: readStart, or another preload's readFirst, right after a reset that kept Whole's
        byte[] wholeLead = withHeader(whole.bytes());
        byte[] chainLead = withHeader(chainOnly.bytes());
        DefTable reader = new DefTable(registry);
        assertTrue(reader.readFirst(new ArrayReader(wholeLead, 0, wholeLead.length), wholeLead, whole));
        reader.reset();
        reader.readStart(none, DefTable.VERSION_4);
        assertThrows(MalformedInputException.class, () -> reader.readUntagged(none, part));
        reader.reset();
        assertTrue(reader.readFirst(new ArrayReader(wholeLead, 0, wholeLead.length), wholeLead, whole));
        reader.reset();
        assertTrue(reader.readFirst(new ArrayReader(chainLead, 0, chainLead.length), chainLead, chainOnly));
        assertThrows(MalformedInputException.class, () -> reader.readUntagged(none, part));
    }

    private static byte[] withHeader(byte[] preloadBytes) {
        byte[] lead = new byte[1 + preloadBytes.length];
        lead[0] = (byte) 0xA5;
        System.arraycopy(preloadBytes, 0, lead, 1, preloadBytes.length);
        return lead;
    }

    /** The bytes a writer that carried {@code preload} gives {@code def} in an untagged position. */
    private static byte[] defAfter(DefRegistry registry, Preload preload, ClassDef def) {
        DefTable writer = new DefTable(registry);
        assertTrue(writer.carriedFirst(preload));
        BufferWriter out = BufferWriter.growable(64);
        writer.writeUntagged(out, def);
        return out.toByteArray();
    }

    /** Ten enums of eight packages: a preload longer than a table's first arrays. */
    static final class Many {
        java.time.DayOfWeek a;
        java.time.Month b;
        java.util.concurrent.TimeUnit c;
        java.math.RoundingMode d;
        java.lang.annotation.ElementType e;
        java.lang.annotation.RetentionPolicy f;
        java.nio.file.AccessMode g;
        java.time.temporal.ChronoUnit h;
        java.time.format.TextStyle i;
        Thread.State j;
    }

    @Test
    void aPreloadLongerThanATablesArraysIsRecordedWhole() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        // serials past a table's first 16 slots
        for (Class<?> c : List.of(java.time.format.FormatStyle.class, java.time.format.ResolverStyle.class,
                java.time.format.SignStyle.class, java.util.Locale.Category.class, java.net.Proxy.Type.class,
                java.nio.file.LinkOption.class, java.nio.file.StandardOpenOption.class,
                java.time.temporal.ChronoField.class, java.lang.annotation.ElementType.class,
                java.util.concurrent.TimeUnit.class)) {
            registry.local(c);
        }
        Preload preload = Preload.of(registry.local(Many.class), c -> c.isEnum() ? registry.local(c) : null);
        assertEquals(11, preload.defs.length);
        assertTrue(preload.maxSerial >= 16);
        byte[] bytes = preload.bytes();
        byte[] lead = withHeader(bytes);

        DefTable writer = new DefTable(registry);
        assertTrue(writer.carriedFirst(preload));
        DefTable reader = new DefTable(registry);
        ArrayReader in = new ArrayReader(lead, 0, lead.length);
        assertTrue(reader.readFirst(in, lead, preload));
        DefTable general = new DefTable(registry);
        ArrayReader again = new ArrayReader(bytes, 0, bytes.length);
        general.readStart(again, DefTable.VERSION_5);
        for (int i = 0; i < preload.defs.length; i++) {
            ClassDef def = preload.defs[i];
            BufferWriter out = BufferWriter.growable(8);
            writer.writeUntagged(out, def);
            assertEquals(0, out.size(), def.name());
            writer.write(out, def);
            assertArrayEquals(new byte[] {(byte) i}, out.toByteArray(), def.name());
            assertSame(def, reader.readUntagged(in, def));
            assertSame(def, reader.read(new ArrayReader(new byte[] {(byte) i}, 0, 1), def));
            assertSame(def, general.readUntagged(again, def));
            assertSame(def, general.read(new ArrayReader(new byte[] {(byte) i}, 0, 1), def));
        }
        assertEquals(lead.length, in.position());
        // a class of a package the preload named is defined with that package's reference
        BufferWriter out = BufferWriter.growable(64);
        writer.write(out, registry.local(java.time.format.FormatStyle.class));
        assertEquals(11, out.toByteArray()[0]);
        int javaTimeFormat = java.util.Arrays.asList(preload.packages).indexOf("java.time.format");
        assertEquals(javaTimeFormat, out.toByteArray()[1]);
    }

    @Test
    void aPreloadCountBeyondItsBytesIsMalformed() {
        DefTable table = new DefTable(new DefRegistry(Limits.DEFAULT));
        byte[] bytes = {(byte) 0x80, 0x01, 0x00, 0x00};
        MalformedInputException e = assertThrows(MalformedInputException.class,
                () -> table.readStart(new ArrayReader(bytes, 0, bytes.length), DefTable.VERSION_5));
        assertTrue(e.getMessage().contains("preload of 128"), e.getMessage());
    }

    @Test
    void aVersion5PreloadWithNoTokenIsStillRead() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        Preload preload = wholePreload(registry);
        byte[] bytes = preload.bytes();
        // version 5: the count and defs straight after the header, then the root's reference 0
        byte[] v5 = Arrays.copyOfRange(bytes, preload.head(), bytes.length);
        assertReadsWholeAndPart(registry, v5);
    }

    /**
     * Reads the defs at the start of {@code bytes} with a fresh table: they must end right before
     * the last byte (the root's reference), and the root's reference and an untagged {@code Part}
     * must find the local defs of {@code Whole} and {@code Part}.
     *
     * @return the table, for further reads
     */
    private static DefTable assertReadsWholeAndPart(DefRegistry registry, byte[] bytes) {
        DefTable table = new DefTable(registry);
        ArrayReader in = new ArrayReader(bytes, 0, bytes.length);
        table.readStart(in, DefTable.VERSION_5);
        assertEquals(bytes.length - 1, in.position());
        assertSame(registry.local(Whole.class), table.read(in, registry.local(Whole.class)));
        assertSame(registry.local(Part.class), table.readUntagged(new ArrayReader(new byte[0], 0, 0),
                registry.local(Part.class)));
        return table;
    }

    @Test
    void aVersion6PreloadMustTakeTheLengthItSays() {
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        Preload preload = wholePreload(registry);
        byte[] bytes = preload.bytes();
        // 00 06, the token, then the defs' length (one or two bytes)
        int lengthAt = 10;
        ArrayReader length = new ArrayReader(bytes, lengthAt, bytes.length - lengthAt);
        int defs = length.readVarUInt();
        assertEquals(preload.head(), lengthAt + length.position());
        assertEquals(bytes.length - preload.head() - 1, defs);
        for (int delta : new int[] {-1, 1}) {
            // the low seven bits of the length, not at 0 or 127 (no carry)
            assertTrue((bytes[lengthAt] & 0x7F) % 127 != 0);
            byte[] bad = bytes.clone();
            bad[lengthAt] += (byte) delta;
            MalformedInputException e = assertThrows(MalformedInputException.class, () -> new DefTable(registry)
                    .readStart(new ArrayReader(bad, 0, bad.length), DefTable.VERSION_5));
            assertTrue(e.getMessage().contains("said to take"), e.getMessage());
        }
        // a length past the bytes left is refused before anything is read
        byte[] cut = Arrays.copyOf(bytes, preload.head() + 10);
        MalformedInputException e = assertThrows(MalformedInputException.class, () -> new DefTable(registry)
                .readStart(new ArrayReader(cut, 0, cut.length), DefTable.VERSION_5));
        assertTrue(e.getMessage().contains("a preload of " + defs + " bytes"), e.getMessage());
    }

    @Test
    void anUntaggedPositionCarriesItsDefOnceWhateverTheSerial() {
        // serials below 64 are answered from the table's word of carried defs, the others from its arrays
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        for (int serial : new int[] {0, 1, 63, 64, 200}) {
            ClassDef def = ClassDef.local(Sample.class, serial);
            DefTable writer = new DefTable(registry);
            BufferWriter out = BufferWriter.growable(64);
            writer.writeUntagged(out, def);
            int once = out.size();
            assertTrue(once > 2, "serial " + serial);
            writer.writeUntagged(out, def);
            assertEquals(once, out.size(), "serial " + serial);
            DefTable reader = new DefTable(registry);
            ArrayReader in = new ArrayReader(out.toByteArray(), 0, out.size());
            assertSame(def, reader.readUntagged(in, def));
            assertEquals(once, in.position(), "serial " + serial);
            assertSame(def, reader.readUntagged(in, def));
            assertEquals(once, in.position(), "serial " + serial);
            reader.reset();
            writer.reset();
            BufferWriter next = BufferWriter.growable(64);
            writer.writeUntagged(next, def);
            assertEquals(once, next.size(), "serial " + serial + " after a reset");
            ArrayReader nextIn = new ArrayReader(next.toByteArray(), 0, next.size());
            assertSame(def, reader.readUntagged(nextIn, def));
            assertEquals(once, nextIn.position(), "serial " + serial + " after a reset");
        }
    }

    @Test
    void aTableToldOfVersion3ReadsAReferenceInEveryUntaggedPosition() {
        // version 3 carries a def reference before every object, even once a table of a stream
        // has carried the def in a later version's untagged position
        DefRegistry registry = new DefRegistry(Limits.DEFAULT);
        ClassDef def = registry.local(Sample.class);
        BufferWriter out = BufferWriter.growable(64);
        new DefTable(registry).writeUntagged(out, def);
        out.writeVarUInt(0);
        byte[] bytes = out.toByteArray();
        DefTable table = new DefTable(registry);
        ArrayReader in = new ArrayReader(bytes, 0, bytes.length);
        assertSame(def, table.readUntagged(in, def));
        int afterDef = in.position();
        assertSame(def, table.readUntagged(in, def));
        assertEquals(afterDef, in.position());
        table.readVersion(DefTable.VERSION_3);
        assertSame(def, table.readUntagged(in, def));
        assertEquals(bytes.length, in.position());
    }

    @Test
    void aStreamCannotCarryMoreThanTheBound() {
        BufferWriter out = BufferWriter.growable(1 << 20);
        writeDefs(out, DefTable.MAX_DEFS + 1);
        DefTable table = new DefTable(new DefRegistry(Limits.DEFAULT));
        ArrayReader in = new ArrayReader(out.toByteArray(), 0, out.size());
        for (int i = 0; i < DefTable.MAX_DEFS; i++) {
            table.read(in);
        }
        assertThrows(LimitExceededException.class, () -> table.read(in));
    }
}
