// Entry of /embed.js (built on its own, see rspack.config.mjs): the button of the <script> tag running now.
import { installEmbed, mountEmbed } from './embed';

installEmbed();
const script = document.currentScript;
if (script instanceof HTMLScriptElement) mountEmbed(script);
