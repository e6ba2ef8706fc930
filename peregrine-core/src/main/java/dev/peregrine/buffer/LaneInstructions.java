package dev.peregrine.buffer;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.BufferedReader;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The {@link SevenBitLanes} that calls {@code Long.expand} and {@code Long.compress}, made at run
 * time, for the processors on which C2 compiles each to one instruction ({@code pdep} and
 * {@code pext}, BMI2 on x86-64): a varint of three to nine bytes then spreads its lanes (every
 * store) or gathers them (loads in generated codecs, {@code Varints.gatherByInstruction}) in one
 * step instead of six shift-and-mask steps (DESIGN.md, forty-seventh round).
 *
 * <p>Chosen, once per JVM, only where that is known to be fast: JDK 19 or later, x86-64, and a
 * processor that Linux's {@code /proc/cpuinfo} shows with BMI2 and of a family whose {@code pdep}
 * and {@code pext} are not microcoded (Intel; AMD from family 25, Zen 3). On earlier AMD processors
 * they take tens to hundreds of cycles, and where C2 has no intrinsic (on aarch64 without SVE2) the
 * JDK's methods are loops, both far slower than the shifts; so everywhere else, and wherever the
 * processor cannot be read, the shifts stay. The system property {@code peregrine.lanes} overrides
 * the choice: {@code shifts} or {@code instructions} (the latter still needs JDK 19). Either gives
 * the same bytes.
 */
final class LaneInstructions {
    /** The system property that overrides the choice. */
    static final String PROPERTY = "peregrine.lanes";

    private static final String NAME = "dev/peregrine/buffer/LaneInstructions$Bmi2";
    private static final String LANES = "dev/peregrine/buffer/SevenBitLanes";
    private static final int FIRST_JDK = 19;
    private static final int FIRST_FAST_AMD_FAMILY = 25;

    private LaneInstructions() {
    }

    /**
     * The lanes by instruction where this JVM and processor make them fast, else null.
     *
     * @return the lanes, or null for the shifts of {@link Varints}
     */
    static SevenBitLanes chosen() {
        String wanted = System.getProperty(PROPERTY, "");
        boolean use = switch (wanted) {
            case "instructions" -> true;
            case "shifts" -> false;
            default -> x86() && fastOn(cpuInfo());
        };
        return use ? make() : null;
    }

    /**
     * Makes the lanes by instruction, or returns null where the JDK has no {@code Long.compress}.
     *
     * @return the lanes, or null before JDK 19
     */
    static SevenBitLanes make() {
        if (Runtime.version().feature() < FIRST_JDK) {
            return null;
        }
        try {
            MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClass(classBytes(), true);
            return (SevenBitLanes) hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class))
                    .invoke();
        } catch (Throwable e) {
            // A JVM that refuses the class keeps the shifts: the same bytes, only slower.
            return null;
        }
    }

    /**
     * Whether a processor, as the first entry of {@code /proc/cpuinfo} describes it, runs
     * {@code pdep} and {@code pext} in hardware.
     *
     * @param cpuInfo the text of the first processor's entry, or null when unknown
     * @return true for Intel with BMI2, and for AMD of family 25 or later with BMI2
     */
    static boolean fastOn(String cpuInfo) {
        if (cpuInfo == null) {
            return false;
        }
        String vendor = field(cpuInfo, "vendor_id");
        String flags = field(cpuInfo, "flags");
        if (flags == null || !(" " + flags + " ").contains(" bmi2 ")) {
            return false;
        }
        if ("GenuineIntel".equals(vendor)) {
            return true;
        }
        if (!"AuthenticAMD".equals(vendor)) {
            return false;
        }
        try {
            String family = field(cpuInfo, "cpu family");
            return family != null && Integer.parseInt(family) >= FIRST_FAST_AMD_FAMILY;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The value of a {@code name : value} line, or null. */
    private static String field(String cpuInfo, String name) {
        for (String line : cpuInfo.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equals(name)) {
                return line.substring(colon + 1).trim();
            }
        }
        return null;
    }

    private static boolean x86() {
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        return arch.equals("amd64") || arch.equals("x86_64");
    }

    /** The first processor's entry of {@code /proc/cpuinfo}, or null where there is none. */
    private static String cpuInfo() {
        Path path = Path.of("/proc/cpuinfo");
        StringBuilder entry = new StringBuilder();
        try {
            if (!Files.isReadable(path)) {
                return null;
            }
            try (BufferedReader in = Files.newBufferedReader(path, StandardCharsets.ISO_8859_1)) {
                for (String line = in.readLine(); line != null && !line.isBlank(); line = in.readLine()) {
                    entry.append(line).append('\n');
                }
            }
        } catch (IOException | SecurityException e) {
            return null;
        }
        return entry.toString();
    }

    /**
     * The class file of {@code final class Bmi2 implements SevenBitLanes}, whose {@code spread}
     * is {@code Long.expand(u, LANE_BITS)} and whose {@code gather} is
     * {@code Long.compress(x, LANE_BITS)}.
     */
    private static byte[] classBytes() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, NAME, null,
                "java/lang/Object", new String[] {LANES});
        MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        lane(cw, "spread", "expand");
        lane(cw, "gather", "compress");
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** A method {@code long name(long v)} returning {@code Long.op(v, LANE_BITS)}. */
    private static void lane(ClassWriter cw, String name, String op) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL, name, "(J)J", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.LLOAD, 1);
        mv.visitLdcInsn(SevenBitLanes.LANE_BITS);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Long", op, "(JJ)J", false);
        mv.visitInsn(Opcodes.LRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }
}
