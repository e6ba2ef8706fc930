package dev.peregrine.codegen;

import dev.peregrine.buffer.BufferReader;
import dev.peregrine.buffer.BufferWriter;
import dev.peregrine.codec.ReferenceSlot;
import dev.peregrine.codec.TypeCodec;
import dev.peregrine.codec.TypeResolver;
import dev.peregrine.type.TypeModel;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Turns a {@link TypeModel} into a hidden codec class and an instance of it.
 *
 * <p>The class is a nestmate of the user class when Peregrine can obtain a lookup with full
 * privilege on it ({@code privateLookupIn} in the same module, the usual class-path case) and the
 * class's loader sees Peregrine's classes; otherwise it is hosted in this package and reaches
 * fields through handles. Either way no {@code Unsafe} and no {@code --add-opens} is involved:
 * only the access the type model already has.
 */
final class CodecGenerator {
    private static final Class<?>[] RUNTIME_TYPES = {
        GeneratedCodec.class, TypeCodec.class, BufferWriter.class, BufferReader.class,
    };

    private CodecGenerator() {
    }

    /**
     * Generates, defines and instantiates the codec of one class.
     *
     * @param model    the class's model
     * @param resolver where its reference slots find codecs
     * @param dump     directory to write the class file to, or null
     * @param body     whether to generate the class's body codec ({@link CodecFactory#bodyCodecFor})
     * @return the codec, not yet linked
     * @throws Throwable whatever stopped generation; the caller falls back to the interpreter
     */
    static GeneratedCodec generate(TypeModel model, TypeResolver resolver, Path dump, boolean body) throws Throwable {
        MethodHandles.Lookup nest = nestLookup(model.type());
        ClassPlan plan = ClassPlan.of(model, resolver, nest != null, body);
        if (!model.instantiation().isNoArg() && plan.estimatedReadSize() > ReadEmitter.MAX_SINGLE_METHOD) {
            throw new IllegalStateException("too many fields for one constructor-calling read method");
        }
        byte[] bytes = assemble(plan);
        if (dump != null) {
            write(dump, plan.className, bytes);
        }
        List<Object> data = List.copyOf(plan.classData);
        MethodHandles.Lookup codec = nest != null
                ? nest.defineHiddenClassWithClassData(bytes, data, true, MethodHandles.Lookup.ClassOption.NESTMATE)
                : MethodHandles.lookup().defineHiddenClassWithClassData(bytes, data, true);
        MethodHandle constructor = codec.findConstructor(codec.lookupClass(),
                MethodType.methodType(void.class, ReferenceSlot[].class));
        return (GeneratedCodec) constructor.invoke(plan.slots.toArray(new ReferenceSlot[0]));
    }

    /** A lookup on {@code type} able to define nestmates, or null when the codec must be hosted. */
    private static MethodHandles.Lookup nestLookup(Class<?> type) {
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
            if (!lookup.hasFullPrivilegeAccess()) {
                return null;
            }
            for (Class<?> c : RUNTIME_TYPES) {
                if (Class.forName(c.getName(), false, type.getClassLoader()) != c) {
                    return null;
                }
            }
            return lookup;
        } catch (IllegalAccessException | ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    private static byte[] assemble(ClassPlan plan) {
        ClassWriter cw = new FrameWriter();
        SignatureTypes cv = new SignatureTypes(cw);
        cv.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, plan.className, null,
                CodegenTypes.GENERATED, null);
        MethodVisitor init = cv.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "([L" + CodegenTypes.SLOT + ";)V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitVarInsn(Opcodes.ALOAD, 1);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, CodegenTypes.GENERATED, "<init>", "([L" + CodegenTypes.SLOT + ";)V",
                false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        LadderCopies ladders = new LadderCopies(cv, plan.className);
        new WriteEmitter(plan, cv, ladders).emit();
        new ReadEmitter(plan, cv, ladders).emit();
        ladders.emit();
        initialize(cw, plan, cv.types);
        cv.visitEnd();
        return cw.toByteArray();
    }

    /**
     * Emits a static initializer that loads every method handle constant once, and every class its
     * methods' signatures name.
     *
     * <p>Perf: the JIT will not compile a method holding a dynamic constant that was never resolved
     * ("could not resolve a constant"), and the handle of a field on a path never taken (a
     * reference that is always null) is never loaded by running code; resolving every constant
     * when the class is initialized keeps every method compilable. (Call sites of reference fields
     * need no such care: the JIT compiles an unlinked {@code invokedynamic} as an uncommon trap.)
     *
     * <p>Perf: C2 inlines a method only when every class its signature names counts as loaded for
     * the method's class, and on JDK 17, where a security manager may still be installed, that
     * means loaded through its loader <em>and</em> accepted for its protection domain. A codec
     * defined as a nestmate of a user class has that class's domain, which differs from
     * Peregrine's whenever the two come from different jars or directories; a class such as
     * {@code TypeHint}, which the codec's code passes along but never resolves, was then never
     * accepted for it, and no caller inlined the codec's {@code write} or {@code read}
     * ("unloaded signature classes"). Loading each such class here, with an {@code ldc}, records
     * the acceptance. {@code SameSchemaInliningTest} checks this in a JVM where the two differ.
     */
    private static void initialize(ClassWriter cw, ClassPlan plan, Set<String> signatureTypes) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "<clinit>", "()V", null, null);
        mv.visitCode();
        for (FieldAccess f : plan.fields) {
            for (int handle : new int[] {f.getter(), f.setter()}) {
                if (handle >= 0) {
                    FieldEmitter.handle(mv, handle);
                    mv.visitInsn(Opcodes.POP);
                }
            }
            if (f.list() >= 0) {
                ListLoop.resolve(mv, f);
            }
            if (f.map() >= 0) {
                MapLoop.resolve(mv, f);
            }
        }
        if (plan.constructorHandle >= 0) {
            FieldEmitter.handle(mv, plan.constructorHandle);
            mv.visitInsn(Opcodes.POP);
        }
        for (String type : signatureTypes) {
            if (!type.equals(plan.className) && isPeregrineType(type)) {
                mv.visitLdcInsn(Type.getObjectType(type));
                mv.visitInsn(Opcodes.POP);
            }
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /**
     * Whether a class named in a generated signature is one of Peregrine's runtime classes: in a
     * package of one of {@link #RUNTIME_TYPES}, which the codec's loader is known to see (a user
     * class named there is the codec's own type, of its own domain, and a hosted codec must not load
     * it by name).
     */
    private static boolean isPeregrineType(String internalName) {
        String pkg = internalName.substring(0, internalName.lastIndexOf('/') + 1);
        for (Class<?> c : RUNTIME_TYPES) {
            String name = Type.getInternalName(c);
            if (name.startsWith(pkg) && name.indexOf('/', pkg.length()) < 0) {
                return true;
            }
        }
        return false;
    }

    /** Passes a generated class on to its writer, noting the classes its methods' signatures name. */
    private static final class SignatureTypes extends ClassVisitor {
        final Set<String> types = new LinkedHashSet<>();

        SignatureTypes(ClassVisitor next) {
            super(Opcodes.ASM9, next);
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                String[] exceptions) {
            for (Type t : Type.getArgumentTypes(descriptor)) {
                note(t);
            }
            note(Type.getReturnType(descriptor));
            return super.visitMethod(access, name, descriptor, signature, exceptions);
        }

        private void note(Type t) {
            if (t.getSort() == Type.OBJECT) {
                types.add(t.getInternalName());
            }
        }
    }

    private static void write(Path dir, String className, byte[] bytes) throws IOException {
        Path file = dir.resolve(className + ".class");
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
    }

    /**
     * Computes frames without loading classes: generated code only merges values of one type at each
     * join, so the common superclass is never needed beyond {@code Object}.
     */
    private static final class FrameWriter extends ClassWriter {
        FrameWriter() {
            super(ClassWriter.COMPUTE_FRAMES);
        }

        @Override
        protected String getCommonSuperClass(String type1, String type2) {
            return "java/lang/Object";
        }
    }
}
