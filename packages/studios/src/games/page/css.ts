/** Styles of the table and instant games, on top of the slot page's base and theme variables. */
export const TABLE_CSS = `
main{width:100%;max-width:920px;margin:0 auto}
.field{display:flex;flex-direction:column;gap:2px}
.field select,.field input{font:inherit;padding:8px;border-radius:var(--radius);border:1px solid var(--border);background:var(--panel);color:var(--text);min-width:90px}
.felt{width:100%;padding:14px;background:var(--panel);border:3px solid var(--border);border-radius:calc(var(--radius) + 6px);display:flex;flex-direction:column;gap:14px}
.row{display:flex;flex-direction:column;gap:6px}
.cards{display:flex;gap:6px;min-height:78px;flex-wrap:wrap}
.card{width:52px;height:76px;border-radius:6px;background:#fffdf7;color:#111;border:1px solid #999;display:flex;align-items:center;justify-content:center;font:700 20px/1 Georgia,'DejaVu Serif',serif;box-shadow:0 2px 4px rgba(0,0,0,.35)}
.card.red{color:#c0162c}
.card.back{background:repeating-linear-gradient(45deg,var(--accent) 0 6px,var(--panel) 6px 12px)}
.hands{display:flex;gap:18px;flex-wrap:wrap}
.hand{padding:6px;border-radius:var(--radius);border:2px solid transparent}
.hand.active{border-color:var(--accent-2)}
.insurance{text-align:center}
.insurance p{margin:0 0 6px}
.spots{display:grid;grid-template-columns:repeat(3,1fr);gap:10px;width:100%}
.spot{padding:14px 8px;border-radius:var(--radius);border:2px solid var(--border);background:var(--panel);color:var(--text);display:flex;flex-direction:column;gap:6px;align-items:center}
.spot.won{box-shadow:0 0 0 3px var(--accent-2)}
.rl-top{display:flex;gap:16px;align-items:center;justify-content:center}
.rl-result{width:72px;height:72px;border-radius:50%;display:flex;align-items:center;justify-content:center;font:900 30px/1 var(--title-font);background:#1d6b2f;color:#fff;border:3px solid var(--border)}
.rl-result.red{background:#c0162c}.rl-result.black{background:#111}
.rl-last{display:flex;flex-direction:column;gap:4px}
.rl-last span+span{font-variant-numeric:tabular-nums}
.rl-board{display:grid;grid-template-columns:repeat(13,minmax(0,1fr));gap:3px;width:100%}
.rl-board button{padding:8px 0;border-radius:4px;border:1px solid rgba(255,255,255,.35);color:#fff;font-weight:700;background:#1d6b2f;position:relative;min-height:36px}
.rl-board .red{background:#c0162c}.rl-board .black{background:#111}
.rl-board .zero{grid-row:span 3}
.rl-board .out{grid-column:span 4;background:#0f4d22}
.rl-board .out2{background:#0f4d22}
.rl-board .o1{grid-row:5;grid-column:2 / span 2}.rl-board .o2{grid-row:5;grid-column:4 / span 2}.rl-board .o3{grid-row:5;grid-column:6 / span 2}
.rl-board .o4{grid-row:5;grid-column:8 / span 2}.rl-board .o5{grid-row:5;grid-column:10 / span 2}.rl-board .o6{grid-row:5;grid-column:12 / span 2}
.rl-board .col{background:#0f4d22}
.rl-board .chip{position:absolute;right:2px;top:2px;font-size:10px;background:var(--accent);color:#111;border-radius:999px;padding:0 4px}
.rl-board .hit{outline:3px solid var(--accent-2)}
.stakes{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:6px;justify-content:center}
.stakes li{background:var(--panel);color:var(--text);border:1px solid var(--border);border-radius:999px;padding:2px 10px;font-size:13px}
.crash-screen{position:relative;width:100%;height:220px;background:var(--panel);border:3px solid var(--border);border-radius:calc(var(--radius) + 6px);overflow:hidden}
.crash-screen svg{position:absolute;inset:0;width:100%;height:100%}
.crash-screen polyline{fill:none;stroke:var(--accent-2);stroke-width:3}
.crash-screen #mult{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;font:900 56px/1 var(--title-font);z-index:1}
.crash-screen.bust #mult{color:#ff4f5e}.crash-screen.cashed #mult{color:var(--accent)}
.mines-top{display:flex;gap:12px}
.mines-grid{display:grid;grid-template-columns:repeat(5,1fr);gap:6px;width:min(92vw,380px)}
.tile{aspect-ratio:1;border-radius:var(--radius);border:2px solid var(--border);background:var(--panel);color:var(--text);font-size:24px}
.tile.safe{background:#1d6b2f}.tile.mine{background:#8a1020}.tile.shown{opacity:.6}
.plinko{width:min(92vw,420px);background:var(--panel);border:3px solid var(--border);border-radius:calc(var(--radius) + 6px)}
.plinko circle.peg{fill:var(--muted)}.plinko circle.ball{fill:var(--accent)}.plinko polyline{fill:none;stroke:var(--accent-2);stroke-width:2}
.bins{display:grid;grid-template-columns:repeat(13,1fr);gap:2px;width:min(92vw,420px);font-size:11px;text-align:center}
.bins span{background:var(--panel);border:1px solid var(--border);border-radius:3px;padding:3px 0}
.bins span.hit{background:var(--accent);color:#111}
.keno-grid{display:grid;grid-template-columns:repeat(8,1fr);gap:5px;width:min(92vw,460px)}
.knum{padding:10px 0;border-radius:var(--radius);border:2px solid var(--border);background:var(--panel);color:var(--text);font-weight:700}
.knum[aria-pressed=true]{background:var(--accent);color:#111}
.knum.drawn{box-shadow:inset 0 0 0 3px var(--accent-2)}
.knum.hit{background:#1d6b2f;color:#fff}
dialog{max-width:min(94vw,640px)}
dialog td.pays{text-align:left;font-size:12px}
.studio-gbgames main .label,.studio-gbgames main .muted{color:#efe4cf}
.studio-gbgames .felt .label,.studio-gbgames .readout .label{color:var(--muted)}
@media (max-width:560px){
.rl-top{gap:12px}
.rl-result{width:48px;height:48px;font-size:22px}
.rl-board{font-size:12px}
.rl-board button{padding:4px 0;min-height:30px}
.rl-board .col{font-size:10px;letter-spacing:-.02em}
.rl-board .o1{grid-row:5;grid-column:2 / span 4}.rl-board .o2{grid-row:5;grid-column:6 / span 4}.rl-board .o3{grid-row:5;grid-column:10 / span 4}
.rl-board .o4{grid-row:6;grid-column:2 / span 4}.rl-board .o5{grid-row:6;grid-column:6 / span 4}.rl-board .o6{grid-row:6;grid-column:10 / span 4}
.field select,.field input{padding:6px;min-width:80px;max-width:min(170px,44vw)}
.felt{padding:10px;gap:8px}
.cards{min-height:64px}
.card{width:42px;height:62px;font-size:16px}
.spots{gap:8px}
.spot{padding:8px 4px;gap:2px;font-size:14px}
.crash-screen{height:180px}
.crash-screen #mult{font-size:40px}
.mines-grid{width:min(92vw,380px,calc(100vh - 350px));gap:5px}
.plinko{width:min(92vw,420px,calc((100vh - 330px) * 260 / 250))}
.bins{font-size:10px;grid-template-columns:repeat(13,minmax(0,1fr));width:min(92vw,420px)}
.bins span{padding:3px 0;overflow:hidden}
.bins span::after{content:none}
.knum{padding:8px 0}
#moves{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:8px;width:100%}
#moves .spin.small{font-size:14px;padding:0 8px;letter-spacing:.03em}
}
.bins span::after{content:'×'}
`;
