export { default as antd } from 'antd-mobile/es/locales/zh-CN';
