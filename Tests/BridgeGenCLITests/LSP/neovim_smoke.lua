-- Neovim's own LSP client (0.7+) against `bridgegen lsp`: attach to the buffer given on the
-- command line, wait for diagnostics, write them as "line:col:code:message" to $SMOKE_OUT.
local bin, out = os.getenv("BRIDGEGEN_BINARY"), os.getenv("SMOKE_OUT")
local id = vim.lsp.start_client({ cmd = { bin, "lsp" }, root_dir = vim.fn.expand("%:p:h"), name = "bridgegen" })
vim.lsp.buf_attach_client(0, id)
vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local lines = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or ""
  table.insert(lines, string.format("%d:%d:%s:%s", d.lnum + 1, d.col + 1, code, d.message))
end
vim.fn.writefile(lines, out)
vim.cmd("qa!")
