// The trufspec extension: the truf language, its grammar, and trufspec's language server,
// started as `trufspec lsp` (or the command the `trufspec.command` setting gives).
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace
    .getConfiguration("trufspec")
    .get("command", ["trufspec", "lsp"]);
  client = new LanguageClient(
    "trufspec",
    "trufspec",
    { command, args },
    { documentSelector: [{ language: "truf" }] },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
