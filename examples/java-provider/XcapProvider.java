import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A tiny xcap provider in Java 17, JDK only (provider protocol v1): the
 * {@code notifications} capability ({@code post}, {@code cancel}) kept in
 * memory, "showing" a notification as a line on stderr. One JSON-RPC 2.0
 * message per line; requests run on a thread pool, so answers may come out of
 * order; {@code providers/cancel} is ignored; stdout carries protocol lines
 * only ({@code System.out} is pointed at stderr); it exits 0 when stdin ends.
 *
 * <p>Build and run: {@code javac -d out XcapProvider.java && java -cp out XcapProvider}.
 */
public final class XcapProvider {
    static final int PROTOCOL_VERSION = 1;
    static final int MAX_LINE_BYTES = 1 << 20;

    private final PrintStream out;
    private final ExecutorService pool = Executors.newFixedThreadPool(4, daemon("call"));
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(daemon("timer"));
    private final Map<String, ScheduledFuture<?>> scheduled = new LinkedHashMap<>();
    private final Map<String, String> shown = new LinkedHashMap<>();

    XcapProvider(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        System.setOut(System.err); // a stray println can never corrupt the protocol stream
        XcapProvider provider = new XcapProvider(protocol);
        log("serving notifications (protocol v" + PROTOCOL_VERSION + ")");
        provider.serve(new BufferedInputStream(System.in));
        System.exit(0);
    }

    // #region main-loop
    /** Reads stdin to its end; every request runs on the pool, so answers may come out of order. */
    void serve(InputStream in) throws IOException, InterruptedException {
        for (byte[] line; (line = readLine(in)) != null; ) {
            if (line.length == 0) continue;
            Object message;
            try {
                message = new Json(new String(line, StandardCharsets.UTF_8)).parseAll();
            } catch (IllegalArgumentException e) {
                log("ignored a line that is not JSON (" + e.getMessage() + ")");
                continue;
            }
            if (!(message instanceof Map<?, ?> request) || !(request.get("method") instanceof String method)) {
                log("ignored a message that is not a request");
                continue;
            }
            if (!request.containsKey("id")) continue; // a notification: providers/cancel is ignored
            Object id = request.get("id");
            Object params = request.containsKey("params") ? request.get("params") : Map.of();
            pool.execute(() -> send(answer(id, method, params)));
        }
        pool.shutdown();
        pool.awaitTermination(10, TimeUnit.SECONDS);
    }
    // #endregion main-loop

    Map<String, Object> answer(Object id, String method, Object params) {
        try {
            if (!method.equals("providers/describe") && !method.equals("providers/call")) {
                return error(id, -32601, "unknown method " + method);
            }
            if (!(params instanceof Map<?, ?> p)) throw new BadParams("params must be an object");
            return result(id, method.equals("providers/describe") ? describe(p) : call(p));
        } catch (BadParams e) {
            return error(id, -32602, "invalid params for " + method + ": " + e.getMessage());
        } catch (RuntimeException e) {
            log("request " + id + " failed: " + e);
            return error(id, -32603, "internal error: " + e);
        }
    }

    Map<String, Object> describe(Map<?, ?> params) {
        if (!(params.get("protocolVersion") instanceof Long)) throw new BadParams("protocolVersion must be an integer");
        Map<String, Object> capabilities = new LinkedHashMap<>();
        capabilities.put("notifications", List.of("cancel", "post"));
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("protocolVersion", (long) PROTOCOL_VERSION);
        result.put("provider", Map.of("name", "xcap-java-example", "version", "1.0.0"));
        result.put("capabilities", capabilities);
        return result;
    }

    Map<String, Object> call(Map<?, ?> params) {
        Object capability = params.get("capability");
        Object tool = params.get("tool");
        if (!(params.get("input") instanceof Map<?, ?> input)) throw new BadParams("input must be an object");
        if (!"notifications".equals(capability) || !("post".equals(tool) || "cancel".equals(tool))) {
            throw new BadParams("this provider has no tool " + capability + "_" + tool);
        }
        String id = string(input, "id", false);
        if (id.length() < 3 || id.length() > 330) throw new BadParams("/input/id must have 3 to 330 characters");
        if (tool.equals("cancel")) {
            synchronized (this) {
                return Map.of("structuredContent", Map.of("cancelled", withdraw(id)));
            }
        }
        String title = string(input, "title", false);
        string(input, "body", true);
        String at = string(input, "at", true);
        OffsetDateTime when = null;
        if (at != null) {
            try {
                when = OffsetDateTime.parse(at.toUpperCase());
            } catch (DateTimeParseException e) {
                return Map.of("isError", "invalidTime: " + at);
            }
        }
        synchronized (this) {
            withdraw(id);
            long delay = when == null ? 0 : when.toInstant().toEpochMilli() - System.currentTimeMillis();
            if (delay <= 0) {
                show(id, title);
            } else {
                scheduled.put(id, timers.schedule(() -> fire(id, title), delay, TimeUnit.MILLISECONDS));
            }
        }
        return Map.of("structuredContent", Map.of());
    }

    private boolean withdraw(String id) {
        ScheduledFuture<?> timer = scheduled.remove(id);
        if (timer != null) {
            timer.cancel(false);
            return true;
        }
        return shown.remove(id) != null;
    }

    private synchronized void fire(String id, String title) {
        if (scheduled.remove(id) != null) show(id, title);
    }

    private void show(String id, String title) {
        shown.put(id, title);
        if (shown.size() > 1000) shown.remove(shown.keySet().iterator().next());
        log("notification shown: " + id + ": " + title);
    }

    private static String string(Map<?, ?> input, String key, boolean nullable) {
        Object value = input.get(key);
        if (value instanceof String s) return s;
        if (nullable && value == null) return null;
        throw new BadParams("/input/" + key + " must be a string" + (nullable ? " or null" : ""));
    }

    private static Map<String, Object> result(Object id, Object result) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("jsonrpc", "2.0");
        answer.put("id", id);
        answer.put("result", result);
        return answer;
    }

    private static Map<String, Object> error(Object id, long code, String message) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("jsonrpc", "2.0");
        answer.put("id", id);
        answer.put("error", Map.of("code", code, "message", message));
        return answer;
    }

    private synchronized void send(Map<String, Object> message) {
        out.print(Json.write(message) + "\n");
        out.flush();
    }

    /** One line without its newline, or null at the end; a line over MAX_LINE_BYTES is dropped (logged) and reads as empty. */
    private static byte[] readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean tooLong = false;
        for (int b; (b = in.read()) != -1; ) {
            if (b == '\n') {
                if (tooLong) log("dropped a line longer than " + MAX_LINE_BYTES + " bytes");
                return tooLong ? new byte[0] : line.toByteArray();
            }
            if (line.size() < MAX_LINE_BYTES) line.write(b);
            else tooLong = true;
        }
        return line.size() == 0 || tooLong ? null : line.toByteArray();
    }

    static void log(String message) {
        System.err.println("XcapProvider: " + message);
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    /** Params of the wrong shape: JSON-RPC -32602. */
    static final class BadParams extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadParams(String message) {
            super(message);
        }
    }

    /** The smallest JSON reader and writer this needs: objects, arrays, strings, integers (Long), other numbers (Double), booleans, null. */
    static final class Json {
        private final String text;
        private int at;

        Json(String text) {
            this.text = text;
        }

        Object parseAll() {
            Object value = parse();
            skipSpace();
            if (at != text.length()) throw new IllegalArgumentException("trailing characters at " + at);
            return value;
        }

        private Object parse() {
            skipSpace();
            if (at >= text.length()) throw new IllegalArgumentException("unexpected end");
            char c = text.charAt(at);
            if (c == '{') {
                Map<String, Object> object = new LinkedHashMap<>();
                at++;
                skipSpace();
                if (peek('}')) return object;
                do {
                    skipSpace();
                    String key = string();
                    skipSpace();
                    expect(':');
                    object.put(key, parse());
                    skipSpace();
                } while (peek(','));
                expect('}');
                return object;
            }
            if (c == '[') {
                List<Object> array = new ArrayList<>();
                at++;
                skipSpace();
                if (peek(']')) return array;
                do array.add(parse()); while (skipSpace() && peek(','));
                expect(']');
                return array;
            }
            if (c == '"') return string();
            if (text.startsWith("true", at)) { at += 4; return Boolean.TRUE; }
            if (text.startsWith("false", at)) { at += 5; return Boolean.FALSE; }
            if (text.startsWith("null", at)) { at += 4; return null; }
            int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
            String number = text.substring(start, at);
            if (number.isEmpty()) throw new IllegalArgumentException("unexpected '" + c + "' at " + start);
            try {
                return number.matches("-?(0|[1-9][0-9]{0,17})") ? (Object) Long.parseLong(number) : (Object) Double.parseDouble(number);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad number at " + start);
            }
        }

        private String string() {
            expect('"');
            StringBuilder s = new StringBuilder();
            while (true) {
                if (at >= text.length()) throw new IllegalArgumentException("unterminated string");
                char c = text.charAt(at++);
                if (c == '"') return s.toString();
                if (c < 0x20) throw new IllegalArgumentException("control character in a string");
                if (c != '\\') {
                    s.append(c);
                    continue;
                }
                if (at >= text.length()) throw new IllegalArgumentException("unterminated escape");
                char e = text.charAt(at++);
                switch (e) {
                    case '"', '\\', '/' -> s.append(e);
                    case 'b' -> s.append('\b');
                    case 'f' -> s.append('\f');
                    case 'n' -> s.append('\n');
                    case 'r' -> s.append('\r');
                    case 't' -> s.append('\t');
                    case 'u' -> {
                        if (at + 4 > text.length()) throw new IllegalArgumentException("bad \\u escape");
                        try {
                            s.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        } catch (NumberFormatException x) {
                            throw new IllegalArgumentException("bad \\u escape");
                        }
                        at += 4;
                    }
                    default -> throw new IllegalArgumentException("bad escape \\" + e);
                }
            }
        }

        private boolean skipSpace() {
            while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) at++;
            return true;
        }

        private boolean peek(char c) {
            if (at < text.length() && text.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!peek(c)) throw new IllegalArgumentException("expected '" + c + "' at " + at);
        }

        /** JSON text of a value built from maps, lists, strings, numbers, booleans and null; non-ASCII escaped, so the line is ASCII. */
        static String write(Object value) {
            StringBuilder s = new StringBuilder();
            write(value, s);
            return s.toString();
        }

        private static void write(Object value, StringBuilder s) {
            if (value == null) s.append("null");
            else if (value instanceof String text) {
                s.append('"');
                for (char c : text.toCharArray()) {
                    if (c == '"' || c == '\\') s.append('\\').append(c);
                    else if (c < 0x20 || c > 0x7e) s.append(String.format("\\u%04x", (int) c));
                    else s.append(c);
                }
                s.append('"');
            } else if (value instanceof Map<?, ?> map) {
                s.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    if (!first) s.append(',');
                    first = false;
                    write(String.valueOf(entry.getKey()), s);
                    s.append(':');
                    write(entry.getValue(), s);
                }
                s.append('}');
            } else if (value instanceof List<?> list) {
                s.append('[');
                for (int i = 0; i < list.size(); i++) {
                    if (i > 0) s.append(',');
                    write(list.get(i), s);
                }
                s.append(']');
            } else if (value instanceof Double d && (d.isNaN() || d.isInfinite())) s.append("null");
            else s.append(value);
        }
    }
}
