-- muster lsp for JSON files, in Neovim 0.7 or later. The root is the module
-- folder (the one holding game.json) when the file lies in one, else the
-- file's own folder.
local function muster_root(file)
  local dir = vim.fn.fnamemodify(file, ":p:h")
  local d = dir
  while vim.fn.filereadable(d .. "/game.json") == 0 do
    local up = vim.fn.fnamemodify(d, ":h")
    if up == d then
      return dir
    end
    d = up
  end
  return d
end

local muster_clients = {} -- Neovim 0.7: one client per root

vim.api.nvim_create_autocmd("FileType", {
  pattern = "json",
  callback = function(args)
    local file = vim.api.nvim_buf_get_name(args.buf)
    if file == "" then
      return
    end
    local config = { name = "muster", cmd = { "muster", "lsp" }, root_dir = muster_root(file) }
    if vim.lsp.start then -- Neovim 0.8 and later
      vim.lsp.start(config, { bufnr = args.buf })
      return
    end
    local id = muster_clients[config.root_dir]
    if not (id and vim.lsp.get_client_by_id(id)) then
      id = vim.lsp.start_client(config)
      muster_clients[config.root_dir] = id
    end
    if id then
      vim.lsp.buf_attach_client(args.buf, id)
    end
  end,
})
