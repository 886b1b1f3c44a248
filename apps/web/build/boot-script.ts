/** A prerendered route as the boot script sees it; `preload`: the chunks its page loads beyond the entry's. */
export type BootRoute = { name: string; path: string; auth: boolean; preload?: string[] };

/**
 * The inline script at the end of index.html's body (allowed by its sha256 in the server's CSP). It picks the
 * prerendered markup the app would render first: the route of the URL's hash, in the stored language (as
 * src/lib/i18n.ts storedLanguage reads it), and for a page that needs a session without one the login page, with
 * the hash the app's RequireAuth would navigate to. It copies that template into #root and marks #root with the
 * route's name (src/main.tsx hydrates only a marked root).
 *
 * Only then, after the first frame is painted, does it add the app's entry script and its modulepreloads (`app`),
 * with the route's chunks and the language's texts (`texts`): a page painted before any of the app's script has
 * run or arrived, so its first paint waits for the HTML alone (a module script in the head would be fetched and
 * run first whenever it arrives before the first frame). A background tab paints no frame: 100 ms is the limit.
 * Storage that cannot be read (a locked-down browser) leaves #root empty and loads the app at once.
 */
export function bootScript(
  routes: BootRoute[],
  texts: Record<string, string[]>,
  defaultLanguage: string,
  app: { entry: string; preload: string[] },
): string {
  const table = Object.fromEntries(routes.map((r) => [r.path, [r.name, r.auth ? 1 : 0, r.preload ?? []]]));
  const login = routes.find((r) => r.name === 'login')?.path;
  return `(function(){
var d=document,R=${JSON.stringify(table)},F=${JSON.stringify(texts)},L=${JSON.stringify(Object.keys(texts))},A=${JSON.stringify(app.preload)},e=['shell',0,[]],g=${JSON.stringify(defaultLanguage)},done=0;
function add(f,rel){var l=d.createElement(rel?'link':'script');if(rel){l.rel=rel;l.href='./'+f}else{l.type='module';l.src='./'+f}l.crossOrigin='';d.head.appendChild(l)}
function load(){if(done)return;done=1;A.concat(e[2],F[g]||[]).forEach(function(f){add(f,'modulepreload')});add(${JSON.stringify(app.entry)})}
try{var s=localStorage,h=location.hash.slice(1),q=h.indexOf('?'),p=(q<0?h:h.slice(0,q))||'/';e=R[p]||e;
var v=s.getItem('lang');if(L.indexOf(v)>=0)g=v;
if(e[1]&&!s.getItem('token')){history.replaceState(history.state,'','#${login}?redirect='+encodeURIComponent(h));e=R[${JSON.stringify(login)}];}
var t=d.getElementById('prerender-'+e[0]+'-'+g)||d.getElementById('prerender-'+e[0]);
if(t){var r=d.getElementById('root');r.appendChild(t.content.cloneNode(true));r.setAttribute('data-prerendered',e[0]);d.documentElement.lang=g;
requestAnimationFrame(function(){setTimeout(load,0)});setTimeout(load,100);return;}
}catch(x){}
load();})();`;
}
