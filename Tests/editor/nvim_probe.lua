-- Run by test_nvim.py inside `nvim --headless -u editors/nvim/credscript.lua FILE`: asks
-- what a user of the documented setup would see, through Neovim's own LSP client, and
-- writes it as JSON to $NVIM_PROBE_OUT. Every wait is bounded (10 s).
local out = {}
local function clients()
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = 0 }) end
  return vim.tbl_values(vim.lsp.buf_get_clients(0))
end
out.version = vim.version().major .. "." .. vim.version().minor .. "." .. vim.version().patch
out.filetype = vim.bo.filetype
out.commentstring = vim.bo.commentstring
out.attached = vim.wait(10000, function() return #clients() > 0 end, 50)
out.diagnosed = vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 50)
out.diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local lsp = d.user_data and d.user_data.lsp or {}
  table.insert(out.diagnostics, {
    line = d.lnum, message = d.message, code = d.code or lsp.code,
    href = lsp.codeDescription and lsp.codeDescription.href or vim.NIL,
  })
end
out.omnifunc = vim.bo.omnifunc

local function ask(method, line, character)
  local params = { textDocument = { uri = vim.uri_from_bufnr(0) }, position = { line = line, character = character } }
  local answers = vim.lsp.buf_request_sync(0, method, params, 10000) or {}
  for _, answer in pairs(answers) do
    if answer.result ~= nil then return answer.result end
  end
  return vim.NIL
end

-- The probe's file names where to ask in its last line: `# probe H1 H2 C D S`, each ROW:COLUMN.
local last = vim.api.nvim_buf_get_lines(0, -2, -1, false)[1]
local places = {}
for row, column in last:gmatch("(%d+):(%d+)") do table.insert(places, { tonumber(row), tonumber(column) }) end
local hover_field, hover_command, complete, define = places[1], places[2], places[3], places[4]

local function hover_text(place)
  local result = ask("textDocument/hover", place[1], place[2])
  if result == vim.NIL or result == nil then return vim.NIL end
  return result.contents.value or result.contents
end
out.hover_field = hover_text(hover_field)
out.hover_command = hover_text(hover_command)

local completion = ask("textDocument/completion", complete[1], complete[2])
out.completion = {}
if completion ~= vim.NIL then
  for _, item in ipairs(completion.items or completion) do table.insert(out.completion, item.label) end
end

local definition = ask("textDocument/definition", define[1], define[2])
out.definition = {}
if definition ~= vim.NIL then
  for _, location in ipairs(definition) do table.insert(out.definition, location.range.start.line) end
end

local symbols = vim.lsp.buf_request_sync(0, "textDocument/documentSymbol",
  { textDocument = { uri = vim.uri_from_bufnr(0) } }, 10000) or {}
out.symbols = {}
local function walk(list)
  for _, symbol in ipairs(list) do
    table.insert(out.symbols, symbol.name)
    walk(symbol.children or {})
  end
end
for _, answer in pairs(symbols) do walk(answer.result or {}) end

local file = io.open(os.getenv("NVIM_PROBE_OUT"), "w")
file:write(vim.fn.json_encode(out))
file:close()
vim.cmd("qall!")
