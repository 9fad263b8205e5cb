import Pageflow
