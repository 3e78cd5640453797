/** The game page's stylesheet; the studio's look comes from the CSS variables in theme.ts. */
export const PAGE_CSS = `
*{box-sizing:border-box}
html,body{margin:0;min-height:100%}
body{background:var(--bg);background-attachment:fixed;color:var(--text);font-family:var(--font);display:flex;flex-direction:column;min-height:100vh}
button{font:inherit;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid var(--accent-2);outline-offset:2px}
.top{display:grid;grid-template-columns:1fr auto 1fr;align-items:center;gap:12px;padding:10px 16px;background:var(--panel);border-bottom:2px solid var(--border)}
.lobby{justify-self:start;color:var(--text);text-decoration:none;font-weight:700;padding:8px 12px;border:1px solid var(--border);border-radius:var(--radius)}
.lobby:hover{background:rgba(255,255,255,.08)}
.framed .lobby{visibility:hidden}
.brand{text-align:center}
.brand .studio{display:block;font-size:11px;letter-spacing:.3em;color:var(--accent);font-weight:700}
.brand h1{margin:2px 0 0;font-family:var(--title-font);font-size:clamp(18px,3vw,28px);letter-spacing:.02em;line-height:1.1}
.balance-box{justify-self:end;text-align:right;display:flex;flex-direction:column;align-items:flex-end}
.label{font-size:11px;text-transform:uppercase;letter-spacing:.12em;color:var(--muted)}
.money{font-variant-numeric:tabular-nums;font-weight:700;font-size:18px}
.demo{font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.1em;background:var(--accent);color:#111;border-radius:999px;padding:2px 8px;margin-bottom:2px}
main{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:16px;gap:12px}
.machine{position:relative;width:min(92vw,640px,calc((100vh - 260px) * 5 / 3));aspect-ratio:5/3;padding:10px;background:var(--panel);border:3px solid var(--border);border-radius:calc(var(--radius) + 6px);box-shadow:var(--glow)}
.reels{display:grid;grid-template-columns:repeat(5,1fr);gap:6px;height:100%}
.reel{position:relative;overflow:hidden;border-radius:var(--radius);background:var(--cell)}
.strip{position:absolute;left:0;right:0;top:0;will-change:transform}
.cell{height:calc(100% / 3);display:flex;align-items:center;justify-content:center;padding:8%}
.cell svg{width:100%;height:100%}
.cell.hit{animation:pulse .9s ease-in-out infinite alternate}
.cell.hit svg{filter:drop-shadow(0 0 8px var(--accent-2))}
@keyframes pulse{from{transform:scale(1)}to{transform:scale(1.1)}}
.lines{position:absolute;inset:10px;width:calc(100% - 20px);height:calc(100% - 20px);pointer-events:none}
.lines polyline{fill:none;stroke-width:6;stroke-linecap:round;stroke-linejoin:round;opacity:.9;filter:drop-shadow(0 0 4px rgba(0,0,0,.6))}
.message{min-height:1.4em;margin:0;font-weight:700;text-align:center}
.message.error{color:#ff6b6b}
.studio-gbgames .message.error{color:#b3261e}
.message.win{color:var(--accent)}
.controls{display:flex;align-items:center;gap:24px;flex-wrap:wrap;justify-content:center}
.bet{display:flex;align-items:center;gap:10px}
.readout{display:flex;flex-direction:column;align-items:center;min-width:110px;padding:6px 12px;background:var(--panel);border:1px solid var(--border);border-radius:var(--radius)}
.round-btn{width:44px;height:44px;border-radius:50%;border:2px solid var(--border);background:var(--panel);color:var(--text);font-size:24px;line-height:1;font-weight:700}
.round-btn:disabled{opacity:.4;cursor:default}
.spin{min-width:120px;height:72px;padding:0 28px;border-radius:999px;border:3px solid rgba(255,255,255,.7);background:var(--spin);color:var(--spin-text);font-family:var(--title-font);font-size:24px;font-weight:900;text-transform:uppercase;letter-spacing:.06em;box-shadow:var(--glow);transition:transform .1s}
.spin:active{transform:translateY(2px)}
.spin:disabled{filter:grayscale(.7);opacity:.7;cursor:progress}
.spin.small{height:40px;font-size:16px;min-width:100px}
.footer{margin:0;font-size:13px;color:var(--muted);text-align:center}
.link-btn{background:none;border:0;color:var(--accent);text-decoration:underline;padding:0}
dialog{background:var(--panel);color:var(--text);border:2px solid var(--border);border-radius:calc(var(--radius) + 4px);max-width:min(92vw,460px)}
dialog::backdrop{background:rgba(0,0,0,.6)}
dialog h2{margin-top:0;font-family:var(--title-font)}
dialog table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
dialog td,dialog th{padding:2px 6px;text-align:center}
.pt-sym{width:40px;height:40px;vertical-align:middle}
.pt-sym.inline{width:28px;height:28px}
.muted{color:var(--muted);font-size:13px}
.studio-gbgames .brand h1{font-style:italic}
.studio-gbgames .top{border-bottom-width:4px;color:var(--text)}
.studio-gbgames main{color:#efe4cf}
.studio-gbgames .message,.studio-gbgames .footer{color:#efe4cf}
.studio-gbgames .readout{color:var(--text)}
.studio-gbgames .spin{border-color:#efe4cf;font-style:italic;text-transform:none}
.studio-pragmatic .brand h1{text-shadow:0 3px 0 #b8730a}
.studio-endorphina .brand h1{text-transform:uppercase;text-shadow:0 0 12px var(--accent)}
.studio-endorphina .reel{border:1px solid rgba(34,228,255,.25)}
.error-page main{min-height:100vh}
.error-card{max-width:520px;padding:28px;background:var(--panel);border:2px solid var(--border);border-radius:calc(var(--radius) + 6px);text-align:center;color:var(--text)}
.error-card .studio{letter-spacing:.3em;color:var(--accent);font-weight:700;font-size:12px}
@media (max-width:560px){
.top{display:flex;align-items:center;gap:10px;padding:8px 12px}
.brand{flex:1;min-width:0;text-align:left}
.brand .studio{font-size:9px;letter-spacing:.2em}
.brand h1{font-size:17px;overflow-wrap:anywhere}
.framed .lobby{display:none}
.lobby{padding:6px 10px;font-size:14px}
.balance-box .money{font-size:15px}
main{justify-content:flex-start;padding:10px;gap:8px}
.controls{gap:10px}
.readout{min-width:92px;padding:4px 10px}
.round-btn{width:40px;height:40px;font-size:22px}
.spin{height:52px;min-width:0;padding:0 22px;font-size:20px}
.spin.small{height:38px;padding:0 14px;min-width:0}
}
@media (prefers-reduced-motion:reduce){.cell.hit{animation:none}}
`;

/** The provably fair dialog's few rules (the table games' stylesheet has them too). */
export const FAIR_CSS = `
#fClient{font:inherit;padding:8px;border-radius:var(--radius);border:1px solid var(--border);background:var(--panel);color:var(--text);width:100%}
.fair-now dt{font-size:12px;color:var(--muted)}.fair-now dd{margin:0 0 8px;word-break:break-all}
.fair-rounds{font-size:12px;max-height:220px;overflow:auto;padding-left:20px}
.fair-rounds code{word-break:break-all}
#fRevealed{word-break:break-all}
#fSet{height:auto;min-height:40px;padding:8px 18px;line-height:1.2}
.fair-rounds li{margin-bottom:6px}
.fair-verify{color:var(--accent);font-weight:700;white-space:nowrap}
.fair-reveal{font-size:12px;font-weight:700;white-space:nowrap}
`;
