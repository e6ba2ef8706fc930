package dev.peregrine.compat;

import dev.peregrine.LimitExceededException;
import dev.peregrine.MalformedInputException;
import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.codec.Limits;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The def table's references and its bound, on hand-made bytes. */
class DefTableTest {
    /** A def body: kind 0 (class), name "a", no fields; with its length prefix. */
    private static final byte[] TINY_DEF = {4, 0, 4, 'a', 0};

    private static void writeDefs(BufferWriter out, int count) {
        for (int i = 0; i < count; i++) {
            out.writeVarUInt(i);
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
