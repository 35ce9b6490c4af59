-- Run after the Neovim config of docs/EDITORS.md (the test's init.lua) has started
-- `bridgegen lsp` for the buffer given on the command line: waits for its diagnostics, opens
-- the schema $SMOKE_SECOND, and writes "line:col:code:message" for each diagnostic of the
-- first buffer, then how many clients serve the two, to $SMOKE_OUT.
local out, second = os.getenv("SMOKE_OUT"), os.getenv("SMOKE_SECOND")
local first = vim.api.nvim_get_current_buf()
vim.wait(20000, function() return #vim.diagnostic.get(first) > 0 end, 50)
local lines = {}
for _, d in ipairs(vim.diagnostic.get(first)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or ""
  table.insert(lines, string.format("%d:%d:%s:%s", d.lnum + 1, d.col + 1, code, d.message))
end
vim.cmd("edit " .. vim.fn.fnameescape(second))
local other = vim.api.nvim_get_current_buf()
vim.wait(20000, function() return #vim.lsp.buf_get_clients(other) > 0 end, 50)
local ids = {}
for _, buffer in ipairs({ first, other }) do
  for id, _ in pairs(vim.lsp.buf_get_clients(buffer)) do ids[id] = true end
end
table.insert(lines, string.format("clients:%d", vim.tbl_count(ids)))
vim.fn.writefile(lines, out)
vim.cmd("qa!")
