// Starts `stackc lsp` for .stack files. The language server does the work;
// this only tells VS Code how to run it.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("stackc").get("path") || "stackc";
  client = new LanguageClient(
    "stackc",
    "stackc",
    { command, args: ["lsp"] },
    { documentSelector: [{ scheme: "file", language: "stack" }, { scheme: "untitled", language: "stack" }] }
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
