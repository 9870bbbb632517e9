/**
 * The one stylesheet of every page: design tokens (colour, space, type, radius) for light and
 * dark, then the components that use them. Served as an immutable file named by its hash
 * (src/http/web/ui/assets.ts); pages use classes, never `style` attributes.
 */
export const SITE_CSS = `
:root{color-scheme:light dark;
--bg:#f7f7fb;--surface:#fff;--surface-2:#f0f0f6;--text:#16161d;--muted:#5a5a6e;--line:#dcdce6;
--accent:#4338ca;--accent-text:#fff;--accent-soft:#e6e4fb;--live:#047857;--live-soft:#d1fae5;--warn:#92400e;--warn-soft:#fef3c7;
--danger:#b91c1c;--danger-soft:#fee2e2;--focus:#f59e0b;
--r:.75rem;--r-sm:.4rem;--s1:.25rem;--s2:.5rem;--s3:.75rem;--s4:1rem;--s5:1.5rem;--s6:2rem;--s7:3rem;
--font:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;--mono:ui-monospace,"SF Mono",Menlo,Consolas,monospace;
--shadow:0 1px 2px rgb(0 0 0/.06),0 4px 16px rgb(0 0 0/.05)}
@media (prefers-color-scheme:dark){:root{
--bg:#101018;--surface:#191924;--surface-2:#22222f;--text:#ececf4;--muted:#a3a3b8;--line:#2f2f40;
--accent:#a5b4fc;--accent-text:#111127;--accent-soft:#2a2a52;--live:#6ee7b7;--live-soft:#113c2f;--warn:#fcd34d;--warn-soft:#3d3011;
--danger:#fca5a5;--danger-soft:#45191b;--shadow:none}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:1rem/1.55 var(--font);overflow-wrap:anywhere}
a{color:var(--accent)}a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px;border-radius:var(--r-sm)}
img{max-width:100%;height:auto}
h1,h2,h3{line-height:1.2;margin:0 0 var(--s3)}h1{font-size:clamp(1.6rem,4vw,2.3rem)}h2{font-size:1.3rem;margin-top:var(--s6)}h3{font-size:1.05rem}
p{margin:0 0 var(--s3)}
code,pre{font-family:var(--mono);font-size:.9em}pre{white-space:pre-wrap;background:var(--surface-2);padding:var(--s3);border-radius:var(--r-sm)}
.skip{position:absolute;left:-999px;top:var(--s2)}.skip:focus{left:var(--s2);background:var(--surface);padding:var(--s2) var(--s3);z-index:9}
.site-header{background:var(--surface);border-bottom:1px solid var(--line)}
.bar{max-width:72rem;margin:0 auto;padding:var(--s2) var(--s4);display:flex;flex-wrap:wrap;gap:var(--s2) var(--s4);align-items:center}
.brand{font-weight:800;font-size:1.15rem;color:var(--text);text-decoration:none;display:flex;gap:var(--s2);align-items:center;min-height:2.75rem}
.brand svg{width:1.6rem;height:1.6rem}
.nav{display:flex;flex-wrap:wrap;gap:var(--s1) var(--s3);margin-left:auto;align-items:center}
.nav a{color:var(--text);text-decoration:none;padding:var(--s2);min-height:2.75rem;display:inline-flex;align-items:center}
.nav a:hover{color:var(--accent)}
@media (max-width:30rem){.site-header .nav{gap:0;margin-left:calc(-1 * var(--s2))}.site-header .nav a{padding:var(--s2)}}
main{max-width:72rem;margin:0 auto;padding:var(--s5) var(--s4) var(--s7)}
.narrow{max-width:46rem}
.site-footer{border-top:1px solid var(--line);color:var(--muted);font-size:.9rem}
.site-footer .bar{padding:var(--s4)}.site-footer a{color:var(--muted);padding:var(--s2) 0;display:inline-block}
.muted{color:var(--muted)}.small{font-size:.875rem}
.stack>*+*{margin-top:var(--s4)}
.grid{display:grid;gap:var(--s4);grid-template-columns:repeat(auto-fill,minmax(min(100%,17rem),1fr));padding:0;margin:0;list-style:none}
.card{background:var(--surface);border:1px solid var(--line);border-radius:var(--r);padding:var(--s4);box-shadow:var(--shadow);min-width:0}
.card h3{margin:0 0 var(--s1);font-size:1.05rem}.card h3 a{color:var(--text);text-decoration:none}.card h3 a:hover{color:var(--accent);text-decoration:underline}
.card .meta{color:var(--muted);font-size:.9rem;margin:0}
.card-media{display:block;margin:calc(var(--s4)*-1) calc(var(--s4)*-1) var(--s3);border-radius:var(--r) var(--r) 0 0;overflow:hidden;aspect-ratio:16/9;background:var(--surface-2)}
.card-media img{width:100%;height:100%;object-fit:cover;display:block}
.badge{display:inline-block;font-size:.75rem;font-weight:700;letter-spacing:.02em;text-transform:uppercase;padding:.1rem .5rem;border-radius:999px;background:var(--surface-2);color:var(--muted);vertical-align:middle}
.badge.live{background:var(--live-soft);color:var(--live)}.badge.cancelled{background:var(--danger-soft);color:var(--danger)}.badge.ended{background:var(--surface-2);color:var(--muted)}
.badge.trust{background:var(--accent-soft);color:var(--accent)}
.banner{border-radius:var(--r);padding:var(--s3) var(--s4);margin:0 0 var(--s4);font-weight:600}
.banner.cancelled{background:var(--danger-soft);color:var(--danger)}.banner.live{background:var(--live-soft);color:var(--live)}.banner.ended{background:var(--surface-2);color:var(--muted)}
.hero{display:grid;gap:var(--s5);grid-template-columns:1fr}
@media (min-width:52rem){.hero.with-art{grid-template-columns:minmax(0,1fr) 22rem}}
.art{border-radius:var(--r);overflow:hidden;background:var(--surface-2);align-self:start}.art img{display:block;width:100%}
.profile-banner{border-radius:var(--r);overflow:hidden;aspect-ratio:4/1;background:var(--surface-2);margin-bottom:var(--s4)}.profile-banner img{width:100%;height:100%;object-fit:cover;display:block}
.ident{display:flex;gap:var(--s4);align-items:center;flex-wrap:wrap}
.avatar{width:5rem;height:5rem;border-radius:50%;object-fit:cover;background:var(--surface-2);flex:none}
.avatar.sm{width:2.25rem;height:2.25rem}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:var(--s2) var(--s4);margin:0 0 var(--s4)}
.facts dt{color:var(--muted);font-weight:600}.facts dd{margin:0;min-width:0}
.when{font-size:1.1rem;font-weight:600}.local{display:block;color:var(--muted);font-weight:400;font-size:.95rem}
.actions{display:flex;flex-wrap:wrap;gap:var(--s2);margin:var(--s4) 0;padding:0;list-style:none}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:var(--s2);min-height:2.75rem;padding:var(--s2) var(--s4);border-radius:var(--r-sm);border:1px solid var(--line);background:var(--surface);color:var(--text);font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.btn:hover{border-color:var(--accent);color:var(--accent)}
.btn.primary{background:var(--accent);color:var(--accent-text);border-color:var(--accent)}.btn.primary:hover{filter:brightness(1.1);color:var(--accent-text)}
.links{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:var(--s2)}
.links li{display:flex;gap:var(--s2);align-items:center;flex-wrap:wrap}
.links a{min-height:2.75rem;display:inline-flex;align-items:center;gap:var(--s2)}
.icon{width:1.1rem;height:1.1rem;flex:none;fill:currentColor}
.lineup{list-style:none;padding:0;margin:0;border:1px solid var(--line);border-radius:var(--r);background:var(--surface);overflow:hidden}
.lineup li{display:grid;grid-template-columns:6.5rem 1fr;gap:var(--s3);padding:var(--s3) var(--s4);border-top:1px solid var(--line)}
.lineup li:first-child{border-top:0}.lineup .slot-time{color:var(--muted);font-variant-numeric:tabular-nums}
@media (max-width:30rem){.lineup li{grid-template-columns:1fr;gap:var(--s1)}}
.lineup.untimed li{grid-template-columns:1fr}.lineup .slot-name{margin:0 0 var(--s1);font-weight:600}.lineup .slot{min-width:0}
.stream{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:var(--s1) var(--s3);margin:0 0 var(--s2);align-items:center}.stream dt{color:var(--muted)}.stream dd{margin:0;min-width:0}
.tags{display:flex;flex-wrap:wrap;gap:var(--s1);list-style:none;padding:0;margin:0 0 var(--s3)}
.tags li{background:var(--surface-2);border-radius:999px;padding:0 .6rem;font-size:.85rem}
.search{display:flex;gap:var(--s2);flex-wrap:wrap;margin:0 0 var(--s5)}
.search input[type=search]{flex:1 1 14rem;min-width:0}
input,select,textarea{font:inherit;color:var(--text);background:var(--surface);border:1px solid var(--line);border-radius:var(--r-sm);padding:var(--s2) var(--s3);min-height:2.75rem;max-width:100%}
.filters{display:flex;flex-wrap:wrap;gap:var(--s2);list-style:none;padding:0;margin:0 0 var(--s4)}
.filters a{display:inline-flex;align-items:center;min-height:2.75rem;padding:0 var(--s3);border-radius:999px;border:1px solid var(--line);text-decoration:none;color:var(--text)}
.filters a[aria-current]{background:var(--accent);color:var(--accent-text);border-color:var(--accent)}
.empty{color:var(--muted);padding:var(--s4);border:1px dashed var(--line);border-radius:var(--r)}
.lead{font-size:1.15rem;color:var(--muted);max-width:40rem}
.section-head{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:baseline;gap:var(--s2)}
.gallery{display:grid;gap:var(--s3);grid-template-columns:repeat(auto-fill,minmax(min(100%,10rem),1fr));list-style:none;padding:0;margin:0}
.gallery img{border-radius:var(--r-sm);background:var(--surface-2);display:block;width:100%;aspect-ratio:1;object-fit:contain}
.gallery figure{margin:0}.gallery figcaption{margin-top:var(--s1)}.gallery+h3{margin-top:var(--s5)}
.results{list-style:none;padding:0;margin:0 0 var(--s4);display:flex;flex-direction:column;gap:var(--s3)}
.result{display:flex;gap:var(--s3);align-items:flex-start}.result>div{min-width:0}.result .meta{margin-bottom:var(--s1)}
.thumb{width:4rem;height:4rem;border-radius:var(--r-sm);object-fit:cover;background:var(--surface-2);flex:none}
.claim{display:flex;flex-wrap:wrap;gap:var(--s2);align-items:baseline}
.copy[hidden]{display:none}
.error{color:var(--danger)}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid var(--line);padding:var(--s2);text-align:left;vertical-align:top}
.table-wrap{overflow-x:auto}
form.inline{display:inline}
label{display:block;margin:var(--s2) 0}
fieldset{border:1px solid var(--line);border-radius:var(--r-sm)}
.secret{font-family:var(--mono);background:var(--warn-soft);color:var(--text);padding:var(--s3);border-radius:var(--r-sm);word-break:break-all}
.form label>input:not([type=checkbox]):not([type=radio]),.form label>select,.form label>textarea{display:block;width:100%;max-width:28rem;margin-top:var(--s1)}
.form .field{margin:var(--s3) 0}.form .field>label{margin:0;font-weight:600}.form .field>input,.form .field>select{display:block;width:100%;max-width:28rem;margin-top:var(--s1)}
.form .hint,.form .field-error{display:block;margin-top:var(--s1)}.form [aria-invalid=true]{border-color:var(--danger)}
.form fieldset{margin:var(--s3) 0;padding:var(--s2) var(--s4)}.form legend{font-weight:600;padding:0 var(--s1)}
.checks{display:flex;flex-wrap:wrap;gap:0 var(--s4)}.checks label{display:flex;align-items:center;gap:var(--s2);min-height:2.75rem;margin:0}
.checks input{min-height:auto;width:1.25rem;height:1.25rem;margin:0}
.checks.words{flex-direction:column}.checks.words label{min-height:2.25rem}
.scopes,.secrets{margin:0;padding-left:var(--s4)}.scopes li,.secrets li{margin:0 0 var(--s1)}.table-wrap .scopes{min-width:14rem}
.actions{display:flex;flex-wrap:wrap;gap:var(--s2);margin:var(--s4) 0}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.table-wrap{position:relative;border:1px solid var(--line);border-radius:var(--r-sm);margin:var(--s3) 0}.table-wrap:focus-visible{outline:2px solid var(--accent)}
.table-wrap table{min-width:40rem}.table-wrap th,.table-wrap td{overflow-wrap:normal}.table-wrap .btn{white-space:nowrap}.table-wrap td code{word-break:break-all}.table-wrap td form{margin:0 0 var(--s1)}
.own-list{list-style:none;padding:0;margin:0 0 var(--s4);display:flex;flex-direction:column;gap:var(--s3)}
.own-list h2{font-size:1.1rem;margin:0 0 var(--s2)}.own-list h2 a{color:var(--text)}.own-list .meta{margin:0 0 var(--s1)}
.card.retracted{background:var(--surface-2);box-shadow:none}
.facts.compact{gap:var(--s1) var(--s3);margin:0 0 var(--s2);font-size:.95rem}
.row-actions{display:flex;flex-wrap:wrap;gap:var(--s2);margin:var(--s3) 0 0}
.btn.danger{background:var(--danger);color:var(--surface);border-color:var(--danger)}.btn.danger:hover{filter:brightness(1.1);color:var(--surface)}
.notice{background:var(--surface-2);border-radius:var(--r-sm);padding:var(--s3) var(--s4);margin:0 0 var(--s4)}
.kit-rows{padding:var(--s2) var(--s3)}.kit-list{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:var(--s3)}
.kit-row{display:grid;grid-template-columns:1fr;gap:var(--s3);padding:var(--s3);border:1px solid var(--line);border-radius:var(--r-sm);background:var(--surface)}
@media (min-width:40rem){.kit-row{grid-template-columns:9rem minmax(0,1fr)}}
.kit-preview{background:var(--surface-2);border-radius:var(--r-sm);aspect-ratio:1;display:flex;align-items:center;justify-content:center;overflow:hidden;max-width:9rem}
.kit-preview img{width:100%;height:100%;object-fit:contain;display:block}.kit-fields{min-width:0}.kit-fields .actions{margin:var(--s2) 0 0}
.kit-removed{list-style:none;padding:0;margin:0 0 var(--s4);display:flex;flex-direction:column;gap:var(--s2)}.kit-removed li{display:flex;flex-wrap:wrap;gap:var(--s2);align-items:center;justify-content:space-between}
.upload-progress{display:block;width:100%;max-width:28rem}.upload-progress[hidden]{display:none}
.form .field>textarea,.form .field>select{display:block;width:100%;max-width:28rem;margin-top:var(--s1)}.form .field>textarea{max-width:40rem;min-height:8rem}
.link-rows{list-style:none;margin:0;padding:0}.link-row{border-top:1px solid var(--line);padding:var(--s2) 0}.link-row:first-child{border-top:0}
.row-actions{display:flex;flex-wrap:wrap;gap:var(--s2)}.row-actions .btn{min-height:2.75rem}
.owned{list-style:none;margin:0;padding:0}.owned>li{border-bottom:1px solid var(--line);padding:var(--s2) 0}.owned p{margin:0}
.owned-actions{display:flex;flex-wrap:wrap;gap:var(--s1) var(--s4);list-style:none;margin:var(--s2) 0;padding:0}.owned-actions a{display:inline-block;min-height:1.5rem;padding:var(--s1) 0}
.btn[hidden],progress[hidden]{display:none}
.autosave-status{min-height:1.5em}
.unsaved-offer{display:flex;flex-wrap:wrap;gap:var(--s2);align-items:center;margin:var(--s2) 0 0;padding:var(--s2) var(--s3);border-radius:var(--r-sm);background:var(--warn-soft);max-width:28rem}
.unsaved-offer p{margin:0;flex:1 1 12rem;min-width:0;white-space:pre-wrap}
.typeahead-list{list-style:none;margin:var(--s1) 0 0;padding:var(--s1) 0;max-width:28rem;max-height:18rem;overflow-y:auto;background:var(--surface);border:1px solid var(--line);border-radius:var(--r-sm);box-shadow:var(--shadow)}
.typeahead-list[hidden]{display:none}
.typeahead-list [role=option]{display:flex;flex-wrap:wrap;gap:0 var(--s2);align-items:baseline;padding:var(--s2) var(--s3);min-height:2.75rem;cursor:pointer}
.typeahead-list [role=option]:hover{background:var(--surface-2)}
.typeahead-list [aria-selected=true]{background:var(--accent-soft);outline:2px solid var(--accent);outline-offset:-2px}
.typeahead-name{font-weight:600}
.upload-status{margin:var(--s2) 0}
form progress{display:block;width:100%;max-width:28rem;margin-top:var(--s2);accent-color:var(--accent)}
.form .field>select,.form .field>textarea{display:block;width:100%;max-width:28rem;margin-top:var(--s1)}
.time-row{display:flex;flex-wrap:wrap;gap:0 var(--s5)}.time-point{display:flex;flex-wrap:wrap;gap:0 var(--s3);min-width:0}.time-point .field>input{max-width:7rem}.time-point>.field,.time-row>.time-point{min-width:0;max-width:100%}.time-point .field>select{width:auto;max-width:100%}
.form fieldset[data-rows],.form fieldset[data-row]{min-width:0}.form fieldset[data-row]{background:var(--surface);padding:var(--s2) var(--s3)}@media (max-width:30rem){.form fieldset[data-rows]{padding:var(--s2)}}.row-actions{margin:var(--s2) 0}
.suggestion{background:var(--accent-soft);border-radius:var(--r-sm);padding:var(--s2) var(--s3);margin:var(--s2) 0;max-width:40rem}.suggestion p{margin:0 0 var(--s1)}
.evidence{margin:0 0 var(--s1);padding-left:var(--s4)}.mine{display:block;margin-top:var(--s1);background:var(--warn-soft);color:var(--text);padding:var(--s1) var(--s2);border-radius:var(--r-sm)}
.actions.compact{margin:var(--s2) 0}.small-btn{min-height:2.75rem;padding:var(--s1) var(--s3);font-size:.9rem}
.row-fields{display:flex;flex-wrap:wrap;gap:0 var(--s4)}.row-fields .field{flex:1 1 12rem;min-width:0}.form .row-fields .field>input{max-width:100%}
.form fieldset.time-point{border-style:dashed}.lineup-row{border-top:1px solid var(--line);padding:var(--s2) 0}.lineup-row .row-title{font-weight:600;margin:0}
.questions{padding-left:var(--s4)}.note{max-width:40rem}.form textarea{display:block;width:100%;max-width:40rem;margin-top:var(--s1)}.form select{display:block;max-width:100%;margin-top:var(--s1)}
`;
