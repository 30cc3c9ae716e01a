// crawler-commons' SimpleRobotRulesParser, over protocol v1 (harness/PROTOCOL.md).
//
// Each request: the agent as a sanitized robot name, parseContent(robots URL, body bytes,
// "text/plain", names), then isAllowed(url) for each URL normalized by the library's
// BasicURLNormalizer, as isAllowed's documentation asks. Fetch requests: the redirect loop a
// caller runs (the library leaves fetching to it), then parseContent or failedFetch(status);
// a fetch that fails below HTTP (no status) gets the allow-all rules its documented callers
// use in that case (see adapter.toml).

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import crawlercommons.filters.basic.BasicURLNormalizer;
import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;

public final class Adapter {
    /** RFC 9309's product token: the robot names the library's documentation asks for. */
    private static final Pattern PRODUCT_TOKEN = Pattern.compile("[a-zA-Z_-]+");

    /** The redirects a caller follows (the class documentation: "at least five"). */
    private static final int MAX_REDIRECTS = 5;

    private static final BasicURLNormalizer NORMALIZER = new BasicURLNormalizer();

    public static void main(String[] args) throws Exception {
        // The installed version, from the jar the class path holds (lib/crawler-commons-V.jar).
        java.util.regex.Matcher jar = Pattern.compile("crawler-commons-([0-9][^/:]*)\\.jar")
                .matcher(System.getProperty("java.class.path", ""));
        String version = jar.find() ? jar.group(1) : "unknown";
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        JsonObject hello = new JsonObject();
        hello.addProperty("protocol", 1);
        hello.addProperty("name", "crawler-commons");
        hello.addProperty("implementation", "crawler-commons");
        hello.addProperty("version", version);
        hello.addProperty("language", "java");
        hello.addProperty("fetch", true);
        hello.addProperty("records", true);
        out.println(hello);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            out.println(answer(line));
        }
    }

    private static JsonObject answer(String line) {
        JsonObject response = new JsonObject();
        JsonObject request;
        try {
            request = JsonParser.parseString(line).getAsJsonObject();
            if (!request.has("id") || !request.has("urls")) {
                throw new IllegalArgumentException("missing id or urls");
            }
            response.add("id", request.get("id"));
        } catch (RuntimeException e) {
            response.add("id", null);
            response.addProperty("error", "malformed request: " + e.getMessage());
            return response;
        }
        try {
            String agent = request.get("agent").getAsString();
            List<String> urls = new ArrayList<>();
            for (JsonElement url : request.getAsJsonArray("urls")) {
                urls.add(url.getAsString());
            }
            if (request.has("records") && request.get("records").isJsonPrimitive()
                    && request.get("records").getAsJsonPrimitive().isBoolean()
                    && request.get("records").getAsBoolean()) {
                byte[] body = Base64.getDecoder().decode(request.get("robots_b64").getAsString());
                response.add("records", records(body, agent, urls));
                return response;
            }
            List<String> verdicts;
            if (request.has("robots_url")) {
                long timeout = request.has("timeout_ms") ? request.get("timeout_ms").getAsLong() : 10000;
                verdicts = fetch(request.get("robots_url").getAsString(), agent, urls, timeout);
            } else {
                byte[] body = Base64.getDecoder().decode(request.get("robots_b64").getAsString());
                verdicts = check(body, agent, urls);
            }
            JsonArray array = new JsonArray();
            verdicts.forEach(array::add);
            response.add("verdicts", array);
        } catch (Exception e) {
            response.addProperty("error", e.getClass().getName() + ": " + e.getMessage());
        }
        return response;
    }

    private static Collection<String> robotNames(String agent) {
        return SimpleRobotRulesParser.sanitizeRobotNames(List.of(agent));
    }

    private static List<String> check(byte[] body, String agent, List<String> urls) throws Exception {
        if (urls.isEmpty()) {
            return List.of();
        }
        if (!PRODUCT_TOKEN.matcher(agent).matches()) {
            return unsupported(urls);
        }
        SimpleRobotRulesParser parser = new SimpleRobotRulesParser();
        String robotsUrl = new URI(urls.get(0)).resolve("/robots.txt").toString();
        BaseRobotRules rules = parser.parseContent(robotsUrl, body, "text/plain", robotNames(agent));
        return verdicts(rules, urls);
    }

    /**
     * A records request (harness/PROTOCOL.md section 6). The library's documented accessors on
     * the rules parseContent returns: BaseRobotRules.getCrawlDelay(), "Get Crawl-delay (in
     * milliseconds)", "or UNSET_CRAWL_DELAY if not defined", and getSitemaps(), "Get URLs of
     * sitemap links found in robots.txt". It has no request-rate and no content-usage. The
     * robots.txt URL is the one of the URLs' host (http://example.com, the suite's, when none is
     * asked): the library resolves a relative sitemap against it.
     */
    private static JsonObject records(byte[] body, String agent, List<String> urls) throws Exception {
        String robotsUrl = urls.isEmpty() ? "http://example.com/robots.txt"
                : new URI(urls.get(0)).resolve("/robots.txt").toString();
        // An agent that is not a product token is outside the call contract (see check()): the
        // library is given none, and the crawler's own record, crawl-delay, is not asked.
        boolean token = PRODUCT_TOKEN.matcher(agent).matches();
        SimpleRobotRulesParser parser = new SimpleRobotRulesParser();
        BaseRobotRules rules = parser.parseContent(robotsUrl, body, "text/plain",
                token ? robotNames(agent) : List.of());
        JsonObject answer = new JsonObject();
        JsonArray sitemaps = new JsonArray();
        rules.getSitemaps().forEach(sitemaps::add);
        answer.add("sitemaps", sitemaps);
        long delay = rules.getCrawlDelay();
        if (!token) {
            answer.addProperty("crawl_delay", "unsupported");
        } else if (delay == BaseRobotRules.UNSET_CRAWL_DELAY) {
            answer.add("crawl_delay", com.google.gson.JsonNull.INSTANCE);
        } else {
            answer.addProperty("crawl_delay", delay / 1000.0);
        }
        answer.addProperty("request_rate", "unsupported");
        answer.addProperty("content_usage", "unsupported");
        return answer;
    }

    private static List<String> fetch(String robotsUrl, String agent, List<String> urls, long timeoutMs)
            throws Exception {
        if (!PRODUCT_TOKEN.matcher(agent).matches()) {
            return unsupported(urls);
        }
        Duration timeout = Duration.ofMillis(timeoutMs);
        HttpClient client = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(timeout)
                .build();
        URI current = new URI(robotsUrl);
        SimpleRobotRulesParser parser = new SimpleRobotRulesParser();
        BaseRobotRules rules;
        try {
            HttpResponse<byte[]> response = get(client, current, agent, timeout);
            int redirects = 0;
            while (isRedirect(response.statusCode()) && redirects < MAX_REDIRECTS) {
                String location = response.headers().firstValue("Location").orElse("");
                if (location.isBlank()) {
                    break;
                }
                redirects++;
                current = current.resolve(location);
                response = get(client, current, agent, timeout);
            }
            int status = response.statusCode();
            if (status >= 200 && status < 300) {
                String contentType = response.headers().firstValue("Content-Type").orElse(null);
                rules = parser.parseContent(current.toString(), decoded(response), contentType, robotNames(agent));
            } else {
                rules = parser.failedFetch(status);
            }
        } catch (java.io.IOException | java.util.concurrent.TimeoutException e) {
            // No HTTP status to give failedFetch, whose documentation covers only "a failure
            // status code (NOT 2xx)". The library's documented callers (Apache Nutch's and
            // StormCrawler's HttpRobotRulesParser) catch the fetch's exception and use their
            // EMPTY_RULES, `new SimpleRobotRules(RobotRulesMode.ALLOW_ALL)` ("all requests are
            // allowed"), without caching them; so does this caller.
            rules = new SimpleRobotRules(SimpleRobotRules.RobotRulesMode.ALLOW_ALL);
        }
        return verdicts(rules, urls);
    }

    /**
     * One request, its body included, within the timeout. HttpRequest.timeout bounds the wait
     * for the response's headers only ("If the response is not received within the specified
     * timeout then an HttpTimeoutException is thrown"), so a body that stalls after the
     * headers would hold send() until the server closes. The documented callers time out a
     * stalled body: Apache Nutch's protocol-http sets `socket.setSoTimeout(http.getTimeout())`
     * on the socket it reads the whole answer from, so every read of the body is bounded. The
     * whole exchange is bounded here instead (on loopback a body that is sent comes at once):
     * past it, a TimeoutException, caught like the fetch's other exceptions.
     */
    private static HttpResponse<byte[]> get(HttpClient client, URI uri, String agent, Duration timeout)
            throws Exception {
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(timeout)
                .header("User-Agent", agent)
                .header("Accept-Encoding", "gzip, deflate")
                .GET()
                .build();
        java.util.concurrent.CompletableFuture<HttpResponse<byte[]>> answer =
                client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray());
        try {
            return answer.get(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            answer.cancel(true);
            throw e;
        } catch (java.util.concurrent.ExecutionException e) {
            // send() would have thrown the cause itself (an IOException for a failure below HTTP).
            if (e.getCause() instanceof Exception) {
                throw (Exception) e.getCause();
            }
            throw e;
        }
    }

    /** The body with its Content-Encoding (gzip, deflate) undone, as a crawler's HTTP client does. */
    private static byte[] decoded(HttpResponse<byte[]> response) throws java.io.IOException {
        String encoding = response.headers().firstValue("Content-Encoding").orElse("").trim().toLowerCase();
        java.io.InputStream raw = new java.io.ByteArrayInputStream(response.body());
        switch (encoding) {
            case "gzip":
            case "x-gzip":
                return new java.util.zip.GZIPInputStream(raw).readAllBytes();
            case "deflate":
                return new java.util.zip.InflaterInputStream(raw).readAllBytes();
            default:
                return response.body();
        }
    }

    private static boolean isRedirect(int status) {
        return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
    }

    /**
     * One verdict per URL, each normalised first as isAllowed's documentation asks. A URL the
     * normaliser rejects is answered unsupported; an IPv6 literal host is one: escapePath
     * percent-encodes '[' and ']' (http://[::1]:8080/ becomes http://%5B::1%5D:8080/), whose
     * host then does not parse, so filter() answers null. That is the normaliser's limit, not
     * the fetch's (Java's HttpClient fetched the file).
     */
    private static List<String> verdicts(BaseRobotRules rules, List<String> urls) {
        List<String> verdicts = new ArrayList<>();
        for (String url : urls) {
            String normalized = NORMALIZER.filter(url);
            if (normalized == null) {
                verdicts.add("unsupported");
            } else {
                verdicts.add(rules.isAllowed(normalized) ? "allow" : "disallow");
            }
        }
        return verdicts;
    }

    private static List<String> unsupported(List<String> urls) {
        List<String> verdicts = new ArrayList<>();
        urls.forEach(u -> verdicts.add("unsupported"));
        return verdicts;
    }
}
