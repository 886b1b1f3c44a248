import { PromoPage } from './KindPage.tsx';

export default PromoPage;
