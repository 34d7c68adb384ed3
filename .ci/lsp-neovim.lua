-- Issue 18: a real editor client for `muster lsp`. Neovim's built-in LSP
-- client opens $MUSTER_LSP_FILE, and whatever diagnostics it receives are
-- written to $MUSTER_LSP_OUT, one per line: "line:col code message <href>",
-- href being the diagnostic's codeDescription link to the check reference.
-- Exits non-zero when none arrive within 30 s. Uses only APIs present from
-- Neovim 0.7 (Debian bookworm) on.
local file = assert(os.getenv("MUSTER_LSP_FILE"), "MUSTER_LSP_FILE not set")
local out = assert(os.getenv("MUSTER_LSP_OUT"), "MUSTER_LSP_OUT not set")
local bin = assert(os.getenv("MUSTER_BIN"), "MUSTER_BIN not set")

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({
  name = "muster",
  cmd = { bin, "lsp" },
  root_dir = vim.fn.fnamemodify(file, ":h"),
})
if not client then
  vim.fn.writefile({ "could not start muster lsp" }, out)
  vim.cmd("cquit 2")
end
vim.lsp.buf_attach_client(buf, client)

local got = vim.wait(30000, function()
  return #vim.diagnostic.get(buf) > 0
end, 50)

local lines = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local lsp = (d.user_data and d.user_data.lsp) or {}
  local code = d.code or lsp.code or "?"
  local href = (lsp.codeDescription and lsp.codeDescription.href) or "-"
  table.insert(lines, string.format("%d:%d %s %s <%s>", d.lnum + 1, d.col + 1, tostring(code), d.message, href))
end
if not got then
  table.insert(lines, "no diagnostics received")
end
vim.fn.writefile(lines, out)
vim.lsp.stop_client(client)
if got then
  vim.cmd("qall!")
else
  vim.cmd("cquit 1")
end
