package dev.peregrine.codegen;

import dev.peregrine.buffer.VarintLoads;
import dev.peregrine.buffer.Varints;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Queue;
import java.util.Set;

/**
 * The varint ladders a generated codec calls, copied into it once per field: the stores of
 * {@link Varints} and the loads of {@link VarintLoads}, read from their own class files and renamed
 * {@code name$field}, with the calls among them redirected to the copies (two methods per field and
 * direction: the one- and two-byte rungs, and the rest).
 *
 * <p>Why copies rather than calls to the shared methods: a branch profile belongs to a method, so
 * with one shared ladder every field compiled every rung that any field's values took (DESIGN.md,
 * thirteenth and fourteenth rounds). The copies are the same bytecode, so the encoding stays the
 * one {@code BufferWriter} and {@code ArrayReader} use, and a field compiles only the rungs its own
 * values reach. The ladder methods call only public methods outside the set below, which is what
 * lets their bytecode run in a class of the user's package.
 */
final class LadderCopies {
    /** Internal name of {@link Varints}. */
    static final String VARINTS = internalName(Varints.class);
    /** Internal name of {@link VarintLoads}. */
    static final String LOADS = internalName(VarintLoads.class);

    /** Per class, the methods copied per field; their other calls are left as they are. */
    private static final Map<String, Set<String>> LADDERS = Map.of(
            VARINTS, Set.of("putVarUInt", "putVarUIntPastTwo", "putVarULong", "putVarULongPastTwo",
                    "putPrefixUInt", "putPrefixUIntPastTwo", "putPrefixULong", "putPrefixULongPastTwo"),
            LOADS, Set.of("readVarUInt", "readVarUIntInRoom", "varUIntPastTwo",
                    "readVarULong", "readVarULongInRoom", "varULongPastTwo",
                    "readPrefixUInt", "readPrefixUIntInRoom", "prefixUIntAt", "prefixUIntPastTwo",
                    "readPrefixULong", "readPrefixULongInRoom", "prefixULongAt", "prefixULongPastTwo"));

    private final ClassVisitor generated;
    private final String className;
    private final Set<String> copied = new HashSet<>();
    private final Queue<Copy> pending = new ArrayDeque<>();

    /** A ladder method to copy for one field. */
    private record Copy(String owner, String name, int field) {
        String copyName() {
            return name + "$" + field;
        }
    }

    /**
     * @param generated the generated class
     * @param className its internal name
     */
    LadderCopies(ClassVisitor generated, String className) {
        this.generated = generated;
        this.className = className;
    }

    /**
     * Emits a call of a ladder method through the given field's copy of it.
     *
     * @param mv    the method being emitted
     * @param owner the ladder's class, internal name
     * @param name  the ladder method, one of {@link #LADDERS}
     * @param desc  its descriptor
     * @param field the field the copy belongs to
     */
    void call(MethodVisitor mv, String owner, String name, String desc, int field) {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, className, require(owner, name, field), desc, false);
    }

    /** Emits the copies that the calls so far need, and those their own calls need. */
    void emit() {
        Map<String, ClassReader> readers = new HashMap<>();
        for (Copy next = pending.poll(); next != null; next = pending.poll()) {
            ClassReader reader = readers.computeIfAbsent(next.owner(), o -> new ClassReader(ClassBytes.of(o)));
            reader.accept(new Copier(next), ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        }
    }

    /** @return the copy's name, scheduling it when it is new */
    private String require(String owner, String name, int field) {
        if (!isLadder(owner, name)) {
            throw new IllegalArgumentException(owner + "." + name + " is not a ladder method");
        }
        Copy copy = new Copy(owner, name, field);
        if (copied.add(copy.copyName())) {
            pending.add(copy);
        }
        return copy.copyName();
    }

    private static boolean isLadder(String owner, String name) {
        return LADDERS.getOrDefault(owner, Set.of()).contains(name);
    }

    private static String internalName(Class<?> c) {
        return c.getName().replace('.', '/');
    }

    /** Copies one method of the class being read under a new name, private and static. */
    private final class Copier extends ClassVisitor {
        private final Copy copy;

        Copier(Copy copy) {
            super(Opcodes.ASM9);
            this.copy = copy;
        }

        @Override
        public MethodVisitor visitMethod(int access, String methodName, String desc, String signature,
                String[] exceptions) {
            if (!methodName.equals(copy.name())) {
                return null;
            }
            MethodVisitor target = generated.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, copy.copyName(), desc,
                    null, null);
            return new MethodVisitor(Opcodes.ASM9, target) {
                @Override
                public void visitMethodInsn(int opcode, String owner, String callee, String calleeDesc, boolean itf) {
                    if (opcode == Opcodes.INVOKESTATIC && isLadder(owner, callee)) {
                        super.visitMethodInsn(opcode, className, require(owner, callee, copy.field()), calleeDesc,
                                false);
                    } else {
                        super.visitMethodInsn(opcode, owner, callee, calleeDesc, itf);
                    }
                }
            };
        }
    }

    /** The class files of the ladders' classes, read once. */
    private static final class ClassBytes {
        private static final Map<String, byte[]> BYTES = Map.of(
                VARINTS, read(Varints.class),
                LOADS, read(VarintLoads.class));

        static byte[] of(String owner) {
            return BYTES.get(owner);
        }

        private static byte[] read(Class<?> c) {
            String resource = "/" + internalName(c) + ".class";
            try (InputStream in = c.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("class file " + resource + " not found");
                }
                return in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
