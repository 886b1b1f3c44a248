import type { FirstResources } from '../index.ts';

export { default as antd } from 'antd-mobile/es/locales/en-US';
import common from './common.json';
import routes from './routes.json';
import auth from './auth.json';
import home from './home.json';
import personal from './personal.json';
import wallet from './wallet.json';
import withdraw from './withdraw.json';
import bonus from './bonus.json';
import security from './security.json';
import mining from './mining.json';

/** The en-US texts, one namespace per feature: loaded only when en-US is the app's language. */
const resources: FirstResources = {
  common,
  routes,
  auth,
  home,
  personal,
  wallet,
  withdraw,
  bonus,
  security,
  mining,
};
export default resources;
