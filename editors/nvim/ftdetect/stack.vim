" .stack files are Stack screens (Vim script: every Neovim version reads it).
autocmd BufRead,BufNewFile *.stack setfiletype stack
