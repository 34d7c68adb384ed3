-- Issue 18, 27: a real editor client for `muster lsp`, set up exactly as the
-- README says. The setup is docs/neovim-init.lua, the very text of the
-- README's Neovim block (a Go test in docs/ keeps the two the same); it
-- starts `muster` from the PATH. Neovim opens $MUSTER_LSP_FILE, and whatever
-- diagnostics it receives are written to $MUSTER_LSP_OUT, one per line:
-- "line:col code message <href>", href being the diagnostic's
-- codeDescription link to the check reference. Then a line "client NAME
-- root DIR" for each client attached to the file, and, when $MUSTER_LSP_DEF
-- names a text of the file, the answer to go to definition from its first
-- occurrence: "definition PATH:LINE:COL TEXT", TEXT being that line of the
-- target file. Exits non-zero when no diagnostics arrive within 30 s, or no
-- definition when one was asked for. Uses only APIs present from Neovim 0.7
-- (Debian bookworm) on.
local file = assert(os.getenv("MUSTER_LSP_FILE"), "MUSTER_LSP_FILE not set")
local out = assert(os.getenv("MUSTER_LSP_OUT"), "MUSTER_LSP_OUT not set")
local def = os.getenv("MUSTER_LSP_DEF")
local init = os.getenv("MUSTER_NVIM_INIT") or "docs/neovim-init.lua"

dofile(init)
vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()

-- The clients attached to the buffer (vim.lsp.get_clients from 0.10 on).
local function clients()
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = buf })
  end
  return vim.tbl_values(vim.lsp.buf_get_clients(buf))
end

local lines = {}
local function finish(status)
  vim.fn.writefile(lines, out)
  for _, c in ipairs(clients()) do
    vim.lsp.stop_client(c.id)
  end
  if status == 0 then
    vim.cmd("qall!")
  else
    vim.cmd("cquit " .. status)
  end
end

local got = vim.wait(30000, function()
  return #vim.diagnostic.get(buf) > 0
end, 50)
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local lsp = (d.user_data and d.user_data.lsp) or {}
  local code = d.code or lsp.code or "?"
  local href = (lsp.codeDescription and lsp.codeDescription.href) or "-"
  table.insert(lines, string.format("%d:%d %s %s <%s>", d.lnum + 1, d.col + 1, tostring(code), d.message, href))
end
for _, c in ipairs(clients()) do
  table.insert(lines, string.format("client %s root %s", c.name, tostring(c.config.root_dir)))
end
if not got then
  table.insert(lines, "no diagnostics received")
  finish(1)
end

if def and def ~= "" then
  -- The first occurrence of the text; LSP counts UTF-16 units, and the
  -- texts asked for are ASCII, so a byte column is a character column.
  local pos
  for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local col = l:find(def, 1, true)
    if col then
      pos = { line = i - 1, character = col }
      break
    end
  end
  if not pos then
    table.insert(lines, "no " .. def .. " in the file")
    finish(1)
  end
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = pos }
  local found = false
  for _, r in pairs(vim.lsp.buf_request_sync(buf, "textDocument/definition", params, 10000) or {}) do
    local res = r.result or {}
    if res.uri then
      res = { res } -- a single Location
    end
    for _, loc in ipairs(res) do
      local uri = loc.uri or loc.targetUri
      local range = loc.range or loc.targetSelectionRange
      local path = vim.uri_to_fname(uri)
      local text = vim.fn.readfile(path)[range.start.line + 1] or ""
      table.insert(lines, string.format("definition %s:%d:%d %s", path, range.start.line + 1, range.start.character + 1, vim.trim(text)))
      found = true
    end
  end
  if not found then
    table.insert(lines, "no definition of " .. def)
    finish(1)
  end
end
finish(0)
