export { default } from 'uplot';
