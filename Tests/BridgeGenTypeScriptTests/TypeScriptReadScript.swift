/// A node program that reads generated TypeScript with the real TypeScript compiler API
/// (Debian `node-typescript`, found through `require` or /usr/share/nodejs) and prints, per
/// file, what a reader of the code sees: the text of every comment (JSDoc prefixes and the
/// comment writer's escapes undone), every string literal's value, every `@defaultValue`
/// literal's value, the JSDoc tags the compiler sees, and the number of top-level statements.
///
/// Arguments: the files. Prints one JSON object keyed by file name.
enum TypeScriptReadScript {
    static let source = #"""
const path = require('path');
const fs = require('fs');
let ts;
try { ts = require('typescript'); } catch { ts = require('/usr/share/nodejs/typescript'); }

// Undoes TypeScriptNamer.commentLines: `\uXXXX` of a control, line terminator or bidi control,
// and the extra backslash before a `/` that follows `*` and backslashes.
function isEscaped(v) {
    return (v < 0x20 && v !== 0x09) || (v >= 0x7f && v <= 0x9f) || v === 0x2028 || v === 0x2029 ||
        v === 0x061c || v === 0x200e || v === 0x200f || (v >= 0x202a && v <= 0x202e) || (v >= 0x2066 && v <= 0x2069);
}
// A `@defaultValue` literal was written by the literal writer, whose `\uXXXX` escapes stay.
function unescapeComment(s, controls = true) {
    if (controls) s = s.replace(/\\u([0-9A-F]{4})/g, (m, h) => isEscaped(parseInt(h, 16)) ? String.fromCharCode(parseInt(h, 16)) : m);
    s = s.replace(/\*(\\*)\\\//g, (m, run) => '*' + run + '/');
    return s.replace(/(^|[\s\u200B\uFEFF])(\\*)\\@/gmu, (m, start, run) => start + run + '@');
}
function commentText(raw, controls = true) {
    if (raw.startsWith('//')) return unescapeComment(raw.slice(2).replace(/^ /, ''), controls);
    let body = raw.slice(3, -2);
    const lines = body.split('\n');
    if (lines.length === 1) return unescapeComment(lines[0].replace(/^ /, '').replace(/ $/, ''), controls);
    const inner = lines.slice(1, -1).map((l) => l.replace(/^\s*\* ?/, ''));
    return unescapeComment(inner.join('\n'), controls);
}
function literalValue(spelling) {
    const file = ts.createSourceFile('x.ts', 'x = ' + spelling + ';', ts.ScriptTarget.Latest, true);
    const statement = file.statements[0];
    if (!statement || !ts.isExpressionStatement(statement) || !ts.isBinaryExpression(statement.expression)) return null;
    const right = statement.expression.right;
    return ts.isStringLiteral(right) ? right.text : null;
}

const out = {};
for (const file of process.argv.slice(2)) {
    const text = fs.readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const seen = new Set();
    const comments = [];
    const literalComments = [];
    const strings = [];
    const collect = (ranges) => {
        for (const r of ranges || []) {
            if (seen.has(r.pos)) continue;
            seen.add(r.pos);
            comments.push(commentText(text.slice(r.pos, r.end)));
            literalComments.push(commentText(text.slice(r.pos, r.end), false));
        }
    };
    const tags = [];
    const visit = (node) => {
        for (const doc of node.jsDoc || []) for (const tag of doc.tags || []) tags.push(tag.tagName.text);
        collect(ts.getLeadingCommentRanges(text, node.pos));
        collect(ts.getTrailingCommentRanges(text, node.end));
        if (ts.isStringLiteral(node)) strings.push(node.text);
        ts.forEachChild(node, visit);
    };
    visit(source);
    collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
    const defaults = [];
    for (const c of literalComments) {
        const at = c.indexOf('@defaultValue `');
        if (at < 0) continue;
        const rest = c.slice(at + '@defaultValue `'.length);
        defaults.push(literalValue(rest.slice(0, rest.lastIndexOf('`'))));
    }
    out[path.basename(file)] = {
        comments, strings, defaults, tags: tags.sort(),
        statements: source.statements.length,
        syntaxErrors: (source.parseDiagnostics || []).length,
    };
}
process.stdout.write(JSON.stringify(out));
"""#
}
