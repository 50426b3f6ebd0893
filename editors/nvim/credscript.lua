-- credscript in Neovim 0.7 and later: the file type, comments, and `credsh lsp` attached
-- to each credscript buffer. Copy it into your init.lua, or load it from there:
--   dofile("/path/to/credsh/editors/nvim/credscript.lua")
-- It asks for nothing newer than 0.7 (Debian 12's Neovim is 0.7.2): no vim.fs, and
-- vim.lsp.start only where it exists (0.8+).

-- The file type by extension, set before the built-in detection runs: a file whose first
-- line is a `#` comment would otherwise be taken for `conf` by Neovim's fallback.
vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
  pattern = "*.credscript",
  command = "setfiletype credscript",
})

local client_id -- Neovim 0.7: the one client, started once, attached to each buffer

vim.api.nvim_create_autocmd("FileType", {
  pattern = "credscript",
  callback = function(args)
    vim.bo[args.buf].commentstring = "# %s"
    -- The root: the folder holding .git above the file, else the working folder.
    local git = vim.fn.finddir(".git", vim.fn.fnamemodify(vim.api.nvim_buf_get_name(args.buf), ":p:h") .. ";")
    local root = git ~= "" and vim.fn.fnamemodify(git, ":p:h:h") or vim.fn.getcwd()
    local config = {
      name = "credsh",
      cmd = { "credsh", "lsp" },
      root_dir = root,
      on_attach = function(_, buf)
        -- Completion with <C-x><C-o> (0.10 sets it by itself).
        vim.bo[buf].omnifunc = "v:lua.vim.lsp.omnifunc"
      end,
    }
    if vim.lsp.start then
      vim.lsp.start(config, { bufnr = args.buf }) -- reuses the client of the same name and root
    else
      if not client_id or not vim.lsp.get_client_by_id(client_id) then
        client_id = vim.lsp.start_client(config)
      end
      if client_id then vim.lsp.buf_attach_client(args.buf, client_id) end
    end
  end,
})
