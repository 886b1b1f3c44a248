/**
 * A prerendered route as the boot script sees it; `preload`: the chunks its page loads beyond the entry's; `early`:
 * an API call (POST, empty body) its page makes at once and whose answer's first picture (`data.list[0].image_url`)
 * is its largest element.
 */
export type BootRoute = { name: string; path: string; auth: boolean; preload?: string[]; early?: string };

/** The boot script's data (#boot-data): the routes' table, each language's text chunks, the app's scripts. */
export function bootData(
  routes: BootRoute[],
  texts: Record<string, string[]>,
  defaultLanguage: string,
  app: { entry: string; preload: string[] },
): string {
  const login = routes.find((r) => r.name === 'login')?.path;
  const table = Object.fromEntries(
    routes.map((r) => [r.path, [r.name, r.auth ? 1 : 0, r.preload ?? [], r.early ?? '']]),
  );
  const data = { routes: table, texts, defaultLanguage, login, ...app };
  // Inside <script type="application/json">: nothing in it may close the element.
  return JSON.stringify(data).replaceAll('<', '\\u003c');
}

/**
 * The inline script at the end of index.html's body (allowed by its sha256 in the server's CSP). It picks the
 * prerendered markup the app would render first: the route of the URL's hash, in the stored language (as
 * src/lib/i18n.ts storedLanguage reads it), and for a page that needs a session without one the login page, with
 * the hash the app's RequireAuth would navigate to. It makes that text template (render-templates.ts) the markup of
 * #root, the only one parsed into elements, and marks #root with the route's name and path (src/main.tsx hydrates only a root marked with the path the app is at).
 *
 * A painted form submitted before the app has taken it over (a member quick to tap "Log in") would be sent by the
 * browser itself, a GET that leaves the page, or reach React while it hydrates, which drops it or finds the form's
 * store still empty: the submit is held (kept from React too) and made again once the form carries
 * `data-hydrated`, which lib/typedBeforeHydration.ts sets after handing the typed values to the form. React having
 * attached its props to the form's elements is not enough: it does that while rendering, before the commit.
 *
 * Only then, after the first frame is painted, does it add the app's entry script and its modulepreloads (`app`),
 * with the route's chunks and the language's texts (`texts`): a page painted before any of the app's script has
 * run or arrived, so its first paint waits for the HTML alone (a module script in the head would be fetched and
 * run first whenever it arrives before the first frame). A background tab paints no frame: 100 ms is the limit.
 * The preloads go in tasks of 3 ms at most (12 at a phone's speed, under the 50 ms of a long task): each costs the
 * main thread one to several milliseconds, 40 at once made one long task, and five a task still made tasks of 50-100
 * ms at a phone's speed on a busy machine.
 * A route's `early` call is made at once, as the app would make it (src/lib/api.ts: same headers, the stored token),
 * and left in `window.mpEarly` for the app to take instead of asking again (src/lib/earlyCalls.ts); the picture its
 * answer names first is preloaded and named in the CSS variable --early-picture of <html> (outside what React
 * hydrates): the home page's slider box shows it as its background, the picture the slider then shows on top of it
 * (app.css). The home page's largest element is that picture, which would otherwise be shown only after the app's
 * script, hydration, the page's chunks and the call. The app's scripts wait for the picture (600 ms at most): on a
 * slow link its 10 KB would otherwise share the line with some 45 script files, and the page is painted meanwhile.
 * Storage that cannot be read (a locked-down browser) leaves #root empty and loads the app at once.
 *
 * The code is the same for every build (its data, file names included, is read from #boot-data): the server's CSP
 * names its hash, worked out at start, and stays right for a later build of the same code.
 */
export const BOOT_SCRIPT = `(function(){
var d=document,B=JSON.parse(d.getElementById('boot-data').textContent),R=B.routes,e=['shell',0,[]],g=B.defaultLanguage,done=0,P=0,F=[];
function add(to,f,rel){var l=d.createElement(rel?'link':'script');if(rel){l.rel=rel;l.href='./'+f}else{l.type='module';l.src='./'+f}l.crossOrigin='';to.appendChild(l)}
function load(){if(done)return;done=1;var all=B.preload.concat(e[2],B.texts[g]||[]);add(d.head,B.entry);
(function batch(){var t=performance.now();while(all.length&&performance.now()-t<3)add(d.head,all.shift(),'modulepreload');if(all.length)setTimeout(batch,0)})()}
function early(c,k){var h={Accept:'application/json','Accept-Language':g,'Content-Type':'application/json'};if(k)h.Authorization='Bearer '+k;
var f=fetch('/api/'+c,{method:'POST',headers:h,body:'{}'});(window.mpEarly={})[c]=f;
P=1;function go(){P=0;load()}
f.then(function(a){return a.clone().json()}).then(function(a){var u=a.data.list[0].image_url,l=d.createElement('link');l.rel='preload';l.as='image';l.fetchPriority='high';l.href=u;l.onload=l.onerror=go;d.head.appendChild(l);
d.documentElement.style.setProperty('--early-picture','url('+JSON.stringify(u)+')')}).catch(go)}
function taken(f){return f.hasAttribute('data-hydrated')}
d.addEventListener('submit',function(v){var f=v.target;if(F.indexOf(f)<0||taken(f))return;v.preventDefault();v.stopPropagation();if(f.mpHeld)return;f.mpHeld=1;
var i=setInterval(function(){if(!f.isConnected)clearInterval(i);else if(taken(f)){clearInterval(i);f.requestSubmit()}},50)},true);
try{var s=localStorage,h=location.hash.slice(1),q=h.indexOf('?'),p=(q<0?h:h.slice(0,q))||'/';e=R[p]||e;
var v=s.getItem('lang');if(B.texts[v])g=v;
if(e[1]&&!s.getItem('token')){history.replaceState(history.state,'','#'+B.login+'?redirect='+encodeURIComponent(h));p=B.login;e=R[p];}
var t=d.getElementById('prerender-'+e[0]+'-'+g)||d.getElementById('prerender-'+e[0]);
if(t){var r=d.getElementById('root');r.innerHTML=t.textContent;F=[].slice.call(r.getElementsByTagName('form'));r.setAttribute('data-prerendered',e[0]);r.setAttribute('data-path',p);d.documentElement.lang=g;
if(e[3])early(e[3],s.getItem('token'));
requestAnimationFrame(function(){setTimeout(function(){if(!P)load()},0)});setTimeout(load,P?600:100);return;}
}catch(x){}
load();})();`;
