import crawlercommons.filters.basic.BasicURLNormalizer;
import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;

public class Repro {
    // each string holds one char per byte: read back as the bytes, then agent and URL as UTF-8
    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    public static void main(String[] args) throws Exception {
        byte[] body = bytes("{{body}}");
        String agent = new String(bytes("{{agent}}"), StandardCharsets.UTF_8);
        String url = new String(bytes("{{url}}"), StandardCharsets.UTF_8);
        String robotsUrl = new URI(url).resolve("/robots.txt").toString();
        BaseRobotRules rules = new SimpleRobotRulesParser().parseContent(robotsUrl, body,
                "text/plain", SimpleRobotRulesParser.sanitizeRobotNames(List.of(agent)));
        // isAllowed asks for a URL normalized by BasicURLNormalizer
        String normalized = new BasicURLNormalizer().filter(url);
        System.out.println(rules.isAllowed(normalized) ? "allow" : "disallow");
    }
}
