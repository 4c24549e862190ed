-- Drives fsdoc-language-server from Neovim's own LSP client (test/editors/neovim.test.ts writes the
-- input and checks the results). Only API that Neovim 0.7 has: vim.lsp.start_client and
-- vim.lsp.buf_attach_client, vim.lsp.buf_request_sync, vim.wait on a state, never a fixed sleep.
local input = vim.fn.json_decode(table.concat(vim.fn.readfile(vim.env.FSDOC_NVIM_INPUT), "\n"))
local out = { published = {} }
local TIMEOUT = 30000

local function finish(ok)
  vim.fn.writefile({ vim.fn.json_encode(out) }, input.results)
  vim.cmd(ok and "qall!" or "cquit!")
end

local function run()
  -- Every publishDiagnostics, as the server sent it (also the empty ones).
  local publish = vim.lsp.handlers["textDocument/publishDiagnostics"]
  vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
    table.insert(out.published, { uri = result.uri, count = #result.diagnostics })
    return publish(err, result, ctx, config)
  end

  local client_id = vim.lsp.start_client({
    name = "fsdoc",
    cmd = input.cmd,
    root_dir = input.root,
    settings = input.settings,
    -- Neovim 0.7 answers workspace/configuration but does not announce it, so the server takes its
    -- settings from this notification (the README's configuration does the same).
    on_init = function(client)
      client.notify("workspace/didChangeConfiguration", { settings = client.config.settings })
    end,
  })
  assert(client_id, "the client did not start")
  local client = vim.lsp.get_client_by_id(client_id)

  local function open(path)
    vim.cmd("edit " .. vim.fn.fnameescape(path))
    local buf = vim.api.nvim_get_current_buf()
    vim.lsp.buf_attach_client(buf, client_id)
    return buf
  end
  local function request(buf, method, params)
    local responses, err = vim.lsp.buf_request_sync(buf, method, params, TIMEOUT)
    assert(responses, method .. ": " .. tostring(err))
    local response = responses[client_id]
    assert(response and not response.err, method .. " failed: " .. vim.inspect(response and response.err))
    return response.result
  end
  local function position_params(buf, position)
    return { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = position }
  end
  -- What Neovim shows, in the protocol's terms again (its columns are bytes; the documents are ASCII).
  local function lsp_diagnostics(buf)
    local list = {}
    for _, shown in ipairs(vim.diagnostic.get(buf)) do
      local diagnostic = vim.tbl_extend("force", {}, shown.user_data and shown.user_data.lsp or {})
      diagnostic.range = { start = { line = shown.lnum, character = shown.col }, ["end"] = { line = shown.end_lnum, character = shown.end_col } }
      diagnostic.severity = shown.severity
      diagnostic.message = shown.message
      diagnostic.source = shown.source
      diagnostic.code = diagnostic.code or shown.code
      table.insert(list, diagnostic)
    end
    return list
  end
  local function has_code(list, code)
    for _, diagnostic in ipairs(list) do
      if diagnostic.code == code then return true end
    end
    return false
  end
  local function published_for(uri)
    for _, entry in ipairs(out.published) do
      if entry.uri == uri then return true end
    end
    return false
  end

  local doc = open(input.document)
  assert(vim.wait(TIMEOUT, function() return #vim.diagnostic.get(doc) > 0 end, 50), "no diagnostics for the FS document")
  out.capabilities = client.server_capabilities
  out.diagnostics = lsp_diagnostics(doc)

  out.hover = request(doc, "textDocument/hover", position_params(doc, input.hover))
  out.completion = request(doc, "textDocument/completion", position_params(doc, input.completion))

  -- The quick fix offered for the first problem, applied as the editor applies it.
  local first
  for _, diagnostic in ipairs(out.diagnostics) do
    if diagnostic.code == input.fix_code then first = diagnostic end
  end
  assert(first, "no " .. input.fix_code .. " problem")
  local actions = request(doc, "textDocument/codeAction", {
    textDocument = { uri = vim.uri_from_bufnr(doc) },
    range = first.range,
    context = { diagnostics = { first } },
  })
  out.actions = {}
  local chosen
  for _, action in ipairs(actions or {}) do
    table.insert(out.actions, action.title)
    if not chosen and action.kind == "quickfix" then chosen = action end
  end
  assert(chosen, "no quick fix among " .. vim.inspect(actions))
  -- The server computes an action's edit when it is chosen (codeAction/resolve), as Neovim does.
  if not chosen.edit then chosen = request(doc, "codeAction/resolve", chosen) end
  assert(chosen.edit, "the quick fix has no edit")
  out.applied = chosen.title
  vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding)
  assert(vim.wait(TIMEOUT, function()
    local now = lsp_diagnostics(doc)
    return #now > 0 and not has_code(now, first.code)
  end, 50), "the diagnostics did not follow the fix")
  out.after_fix = lsp_diagnostics(doc)

  local edit = request(doc, "textDocument/rename", { textDocument = { uri = vim.uri_from_bufnr(doc) }, position = input.rename, newName = input.new_name })
  vim.lsp.util.apply_workspace_edit(edit, client.offset_encoding)
  out.text = table.concat(vim.api.nvim_buf_get_lines(doc, 0, -1, false), "\n")

  -- A plain JSON file, then a second FS document: once the second one's diagnostics are in, the
  -- server has long handled the first, which it must leave alone.
  local plain = open(input.plain)
  out.plain_hover = request(plain, "textDocument/hover", position_params(plain, { line = 1, character = 4 }))
  local second = open(input.second)
  local second_uri = vim.uri_from_bufnr(second)
  assert(vim.wait(TIMEOUT, function() return published_for(second_uri) end, 50), "no diagnostics published for the second FS document")
  out.plain_uri = vim.uri_from_bufnr(plain)
  out.plain_diagnostics = lsp_diagnostics(plain)
end

local ok, err = pcall(run)
if not ok then out.error = tostring(err) end
finish(ok)
