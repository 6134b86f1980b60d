// Play from afar (issue 28): a WebRTC data channel between two browsers with no server in between. The offer and
// the answer travel as text the people carry themselves (a link, a QR code, a pasted code: malefiz.core.signal
// packs a description into a short code), so ICE does not trickle: a description is handed over once it is whole.
//
//   MalefizNet.offer({stun})            -> Promise of {peer, sdp}: the host's new connection and its offer
//   peer.accept(answerSdp)              -> Promise: the host takes the guest's answer; the channel opens
//   MalefizNet.answer(offerSdp, {stun}) -> Promise of {peer, sdp}: the guest's connection and its answer
//   peer.send(text), peer.close()
//   peer.onopen(), peer.onmessage(text), peer.onclose()   (set them; onclose once, whoever closed or it failed)
//   peer.state                          -> "connecting", "open" or "closed"
//   peer.connection                     -> its RTCPeerConnection (the tests read its statistics)
//   MalefizNet.qrSvg(text)              -> an SVG picture of a QR code of text (./qrcode/qrcode.js draws it)
//
// Nothing leaves this device unless a STUN server is named (stun: "stun:host:port"): without one, ICE offers only
// this device's own addresses (behind mDNS names), which another device on the same network can reach. Each call
// makes a new connection: a host makes one offer per guest. A connection lost without a close (a device gone) is
// closed when ICE gives up on it (Chromium: some 30 seconds).
// Test mode: with net=loopback in the page's address (then for the tab), every candidate not on 127.0.0.1 is dropped from the local
// description (see e2e/test_net.py for the Chromium that has such candidates).
(function () {
  "use strict";
  var GATHERING_MS = 10000;  // a STUN server that does not answer: the description goes with what is there then
  // Test mode holds for the tab once asked for (a game between devices changes the address as it goes on).
  var LOOPBACK = (function () {
    var asked = new URLSearchParams(location.search).get("net") === "loopback";
    try {
      if (asked) sessionStorage.setItem("malefiz.net", "loopback");
      return asked || sessionStorage.getItem("malefiz.net") === "loopback";
    } catch (error) {
      return asked;  // a browser that keeps nothing for the tab
    }
  })();

  var configuration = function (options) {
    var stun = options && options.stun;
    if (stun && !/^stuns?:[\w.:[\]-]+$/.test(stun)) throw new Error("not a STUN server: " + stun);
    return {iceServers: stun ? [{urls: stun}] : []};
  };

  // The local description once ICE has gathered its candidates (test mode: those on 127.0.0.1).
  var gathered = function (connection) {
    return new Promise(function (resolve, reject) {
      var done = function () {
        clearTimeout(timer);
        connection.removeEventListener("icegatheringstatechange", check);
        var lines = connection.localDescription.sdp.split("\r\n").filter(function (line) {
          // a=candidate:foundation component protocol priority address port typ type ...
          return !LOOPBACK || line.indexOf("a=candidate:") !== 0 || line.split(" ")[4] === "127.0.0.1";
        });
        if (!lines.some(function (line) { return line.indexOf("a=candidate:") === 0; })) {
          reject(new Error("no ICE candidate"));
        } else {
          resolve(lines.join("\r\n"));
        }
      };
      var check = function () { if (connection.iceGatheringState === "complete") done(); };
      var timer = setTimeout(done, GATHERING_MS);
      connection.addEventListener("icegatheringstatechange", check);
      check();
    });
  };

  // One connection with one ordered, reliable channel, made alike on both sides (negotiated: id 0).
  var Peer = function (options) {
    var peer = this;
    this.state = "connecting";
    this.onopen = this.onmessage = this.onclose = null;
    this.connection = new RTCPeerConnection(configuration(options));
    this.channel = this.connection.createDataChannel("malefiz", {negotiated: true, id: 0, ordered: true});
    this.channel.onopen = function () {
      if (peer.state !== "connecting") return;
      peer.state = "open";
      if (peer.onopen) peer.onopen();
    };
    this.channel.onmessage = function (event) { if (peer.onmessage) peer.onmessage(event.data); };
    this.channel.onclose = function () { peer.close(); };
    this.connection.addEventListener("connectionstatechange", function () {
      if (peer.connection.connectionState === "failed") peer.close();
    });
  };
  Peer.prototype.send = function (text) {
    if (this.state !== "open") throw new Error("the connection is " + this.state);
    this.channel.send(String(text));
  };
  Peer.prototype.close = function () {
    if (this.state === "closed") return;
    this.state = "closed";
    // The channel's closing reaches the other side (its onclose) only while the connection lives: the connection
    // ends once the channel has closed (or a second later).
    var connection = this.connection;
    var end = function () { connection.close(); };
    if (this.channel.readyState === "open") {
      this.channel.addEventListener("close", end);
      setTimeout(end, 1000);
      this.channel.close();
    } else {
      end();
    }
    if (this.onclose) this.onclose();
  };
  Peer.prototype.accept = function (answerSdp) {
    return this.connection.setRemoteDescription({type: "answer", sdp: answerSdp});
  };

  // A new peer, the steps that make its description, and the peer with its description once gathered (a peer that
  // fails on the way is closed).
  var described = function (options, steps) {
    var peer = null;
    return new Promise(function (resolve) {
      peer = new Peer(options);
      resolve(steps(peer.connection));
    }).then(function () { return gathered(peer.connection); }).then(function (sdp) {
      return {peer: peer, sdp: sdp};
    }, function (error) {
      if (peer) peer.close();
      throw error;
    });
  };

  window.MalefizNet = {
    testMode: LOOPBACK,
    offer: function (options) {
      return described(options, function (connection) { return connection.setLocalDescription(); });
    },
    answer: function (offerSdp, options) {
      return described(options, function (connection) {
        return connection.setRemoteDescription({type: "offer", sdp: offerSdp}).then(function () {
          return connection.setLocalDescription();
        });
      });
    },
    qrSvg: function (text) {
      qrcode.stringToBytes = qrcode.stringToBytesFuncs["UTF-8"];
      var code = qrcode(0, "M");  // the smallest version that holds text, error correction M (15%)
      code.addData(String(text), "Byte");
      code.make();
      return code.createSvgTag({cellSize: 1, margin: 4, scalable: true});  // a white quiet zone of 4 modules
    },
  };
})();
