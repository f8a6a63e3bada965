// The TextMate grammar on every sample record of the repository, read with the library VS Code
// itself uses (vscode-textmate on the Oniguruma regular expressions): each card is coloured as
// a card of its suit's colour, each section keyword as a keyword, each tag as a tag, and no
// part of a record is left without a scope.
"use strict";

const assert = require("node:assert");
const fs = require("node:fs");
const path = require("node:path");
const test = require("node:test");
const oniguruma = require("vscode-oniguruma");
const textmate = require("vscode-textmate");

const ROOT = path.resolve(__dirname, "..", "..", "..");
const GRAMMAR = path.resolve(__dirname, "..", "syntaxes", "truf.tmLanguage.json");

async function loadGrammar() {
  const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async () =>
      textmate.parseRawGrammar(fs.readFileSync(GRAMMAR, "utf8"), GRAMMAR),
  });
  return registry.loadGrammar("source.truf");
}

function records() {
  const found = [];
  for (const folder of fs.readdirSync(path.join(ROOT, "records"))) {
    const where = path.join(ROOT, "records", folder);
    for (const name of fs.readdirSync(where)) {
      if (name.endsWith(".truf")) found.push(path.join(where, name));
    }
  }
  return found;
}

function tokens(grammar, text) {
  const found = [];
  let state = textmate.INITIAL;
  for (const line of text.split("\n")) {
    const result = grammar.tokenizeLine(line, state);
    for (const token of result.tokens) {
      found.push({ text: line.slice(token.startIndex, token.endIndex), scopes: token.scopes });
    }
    state = result.ruleStack;
  }
  return found;
}

test("the sample records are found", () => {
  assert.ok(records().length >= 20);
});

test("every word of every record has a scope, and cards, keywords and tags theirs", async () => {
  const grammar = await loadGrammar();
  for (const file of records()) {
    for (const token of tokens(grammar, fs.readFileSync(file, "utf8"))) {
      const word = token.text.trim();
      if (!word) continue;
      assert.ok(token.scopes.length > 1, `${file}: '${word}' has no scope`);
      const innermost = token.scopes[token.scopes.length - 1];
      const inComment = token.scopes.some((s) => s.startsWith("comment"));
      if (inComment || innermost.startsWith("string")) continue;
      if (/^[+-]?(10|[2-9TJQKA])[HD]!?$/.test(word)) {
        assert.strictEqual(innermost, "constant.other.card.red.truf", `${file}: ${word}`);
      } else if (/^[+-]?(10|[2-9TJQKA])[SC]!?$/.test(word)) {
        assert.strictEqual(innermost, "constant.other.card.black.truf", `${file}: ${word}`);
      } else if (/^(deal|hands|bids|play|score|total|tricks|contract)$/.test(word)) {
        assert.strictEqual(innermost, "keyword.other.section.truf", `${file}: ${word}`);
      }
    }
  }
});

test("a tag, a trump, a trick number and a mark", async () => {
  const grammar = await loadGrammar();
  const text = '[Ruleset "truf-jb"]\ncontract Dewi trump S atas\n   5. Ana:   3D 5C! 4D 10D  ;! TB303\n';
  const scopes = Object.fromEntries(
    tokens(grammar, text).map((t) => [t.text.trim(), t.scopes[t.scopes.length - 1]]),
  );
  assert.strictEqual(scopes["Ruleset"], "entity.name.tag.truf");
  assert.strictEqual(scopes['"truf-jb"'], "string.quoted.double.truf");
  assert.strictEqual(scopes["S"], "constant.other.trump.truf");
  assert.strictEqual(scopes["atas"], "keyword.other.section.truf");
  assert.strictEqual(scopes["5."], "constant.numeric.trick.truf");
  assert.strictEqual(scopes["5C!"], "constant.other.card.black.truf");
  assert.strictEqual(scopes[";! TB303"], "comment.line.semicolon.mark.truf");
  assert.strictEqual(scopes["Dewi"], "variable.other.player.truf");
});
