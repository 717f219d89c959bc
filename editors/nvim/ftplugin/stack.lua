-- Stack screens in Neovim: comments, indentation, and `stackc lsp` through
-- the built-in client (Neovim 0.7 and later; `vim.lsp.start` from 0.8).
vim.bo.commentstring = "// %s"
vim.bo.shiftwidth = 4
vim.bo.expandtab = true
vim.bo.omnifunc = "v:lua.vim.lsp.omnifunc"

local cmd = { vim.g.stackc_path or "stackc", "lsp" }
local root = vim.fs and vim.fs.dirname(vim.api.nvim_buf_get_name(0)) or vim.fn.expand("%:p:h")
if vim.lsp.start then
  vim.lsp.start({ name = "stackc", cmd = cmd, root_dir = root })
else
  local id = vim.lsp.start_client({ name = "stackc", cmd = cmd, root_dir = root })
  if id then vim.lsp.buf_attach_client(0, id) end
end

-- The usual LSP keys for this buffer (Neovim 0.10 sets K itself).
local function map(keys, fn) vim.keymap.set("n", keys, fn, { buffer = true, silent = true }) end
map("K", vim.lsp.buf.hover)
map("gd", vim.lsp.buf.definition)
map("gr", vim.lsp.buf.references)
map("<leader>rn", vim.lsp.buf.rename)
