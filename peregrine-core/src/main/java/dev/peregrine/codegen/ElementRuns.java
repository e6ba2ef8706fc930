package dev.peregrine.codegen;

import dev.peregrine.codec.TypeCodec;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.IOException;
import java.io.InputStream;

/**
 * Gives each generated codec its own copy of {@link TypeCodec}'s element-run methods
 * ({@code writeElements}, {@code readElements}): the same bytecode, read from {@code TypeCodec}'s
 * class file. In the copy, the codec whose {@code write} or {@code read} runs per element is the
 * generated (final) class itself, so the JIT calls it directly and can inline it; in the one shared
 * loop that call was megamorphic. When the class file cannot be read, generated codecs simply
 * inherit the shared loops, which produce the same bytes.
 */
final class ElementRuns {
    private static final byte[] TEMPLATE = load();

    private ElementRuns() {
    }

    /**
     * Adds the copies to a class being generated.
     *
     * @param target the generated class, written with frames computed
     */
    static void copyInto(ClassVisitor target) {
        if (TEMPLATE == null) {
            return;
        }
        new ClassReader(TEMPLATE).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                if (!name.equals("writeElements") && !name.equals("readElements")) {
                    return null;
                }
                return target.visitMethod(access | Opcodes.ACC_FINAL, name, descriptor, null, exceptions);
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    }

    private static byte[] load() {
        try (InputStream in = TypeCodec.class.getResourceAsStream("TypeCodec.class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            return null;
        }
    }
}
