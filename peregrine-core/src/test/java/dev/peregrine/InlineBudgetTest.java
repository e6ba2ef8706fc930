package dev.peregrine;

import dev.peregrine.buffer.Varints;
import dev.peregrine.codec.Reusable;
import org.junit.jupiter.api.Test;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Methods on the hot path whose speed rests on HotSpot's C2 inlining them: each stays within the
 * bytecode size C2 inlines (325 bytes for a hot call, {@code FreqInlineSize}; 35 for any call,
 * {@code MaxInlineSize}). One bytecode past the limit leaves a call and its spills in every encode
 * or decode, which no functional test sees (a three-instruction branch in {@code Session.read}
 * once cost same-schema SimpleObject decode 16 -> 21 ns).
 */
class InlineBudgetTest {
    private static final int HOT = 325;
    private static final int ANY = 35;

    @Test
    void rootReadAndWriteInlineIntoTheCodec() throws IOException {
        Map<String, Integer> session = codeLengths(Session.class);
        assertWithin(HOT, session, "read(Ldev/peregrine/codec/ReadContext;Ljava/lang/Class;"
                + "Ldev/peregrine/codec/TypeCodec;J[B)Ljava/lang/Object;");
        assertWithin(HOT, session, "write(Ldev/peregrine/buffer/BufferWriter;Ljava/lang/Object;"
                + "Ldev/peregrine/codec/TypeCodec;Ljava/lang/Class;[B)I");
        Map<String, Integer> codec = codeLengths(Codec.class);
        assertWithin(HOT, codec, "encode(Ljava/lang/Object;)[B");
        assertWithin(HOT, codec, "decode([BII)Ljava/lang/Object;");
    }

    @Test
    void smallHelpersInlineEvenWhereACallLooksCold() throws IOException {
        Map<String, Integer> reusable = codeLengths(Reusable.class);
        assertWithin(ANY, reusable, "take()Ljava/lang/Object;");
        assertWithin(ANY, reusable, "giveBack(Ljava/lang/Object;)V");
        assertWithin(ANY, reusable, "isOwner(Ldev/peregrine/codec/Reusable$Owned;)Z");
        Map<String, Integer> varints = codeLengths(Varints.class);
        for (String m : new String[] {"spread(J)J", "spreadHalves(J)J", "gather(J)J", "joinPairs(J)J"}) {
            assertWithin(ANY, varints, m);
        }
    }

    private static void assertWithin(int limit, Map<String, Integer> lengths, String method) {
        Integer length = lengths.get(method);
        assertNotNull(length, "no method " + method + " in " + lengths.keySet());
        assertTrue(length <= limit, method + " has " + length + " bytes of bytecode, past " + limit);
    }

    /** @return each method's name and descriptor, and the length of its code, from the class file */
    private static Map<String, Integer> codeLengths(Class<?> type) throws IOException {
        try (InputStream raw = type.getResourceAsStream(type.getSimpleName() + ".class")) {
            assertNotNull(raw, type.getName());
            DataInputStream in = new DataInputStream(raw);
            in.readInt();
            in.readInt();
            String[] utf8 = readConstantPool(in);
            in.skipBytes(6);
            in.skipBytes(2 * in.readUnsignedShort());
            skipMembers(in);
            Map<String, Integer> lengths = new HashMap<>();
            for (int methods = in.readUnsignedShort(); methods > 0; methods--) {
                in.skipBytes(2);
                String name = utf8[in.readUnsignedShort()] + utf8[in.readUnsignedShort()];
                for (int attributes = in.readUnsignedShort(); attributes > 0; attributes--) {
                    String attribute = utf8[in.readUnsignedShort()];
                    int length = in.readInt();
                    if (attribute.equals("Code")) {
                        in.skipBytes(4);
                        int code = in.readInt();
                        lengths.put(name, code);
                        in.skipBytes(length - 8);
                    } else {
                        in.skipBytes(length);
                    }
                }
            }
            return lengths;
        }
    }

    /** @return the constant pool's UTF-8 entries by index (null for the others) */
    private static String[] readConstantPool(DataInputStream in) throws IOException {
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                case 5, 6 -> {
                    in.skipBytes(8);
                    i++;
                }
                case 7, 8, 16, 19, 20 -> in.skipBytes(2);
                case 15 -> in.skipBytes(3);
                default -> throw new IOException("constant pool tag " + tag);
            }
        }
        return utf8;
    }

    private static void skipMembers(DataInputStream in) throws IOException {
        for (int fields = in.readUnsignedShort(); fields > 0; fields--) {
            in.skipBytes(6);
            for (int attributes = in.readUnsignedShort(); attributes > 0; attributes--) {
                in.skipBytes(2);
                in.skipBytes(in.readInt());
            }
        }
    }
}
